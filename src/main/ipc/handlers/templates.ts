import type { TemplatesService } from '../../templates/templates-service';
import type { Handlers } from '../router';

type TemplateChannels = Extract<keyof Handlers, `templates:${string}`>;

/** Handlers of the `templates:` channels. */
export function templatesHandlers(templates: TemplatesService): Pick<Handlers, TemplateChannels> {
  return {
    'templates:list': async (input) => ({ templates: await templates.list(input?.accountId) }),
    'templates:save': ({ draftId, name }) => templates.save(draftId, name),
    'templates:rename': ({ accountId, id, name }) => templates.rename(accountId, id, name),
    'templates:delete': ({ accountId, id }) => templates.remove(accountId, id),
    'templates:new-draft': ({ accountId, id }) => templates.newDraft(accountId, id),
  };
}
