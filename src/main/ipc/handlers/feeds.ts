import type { FeedSettings } from '../../../shared/domain/feeds';
import type { FeedsService } from '../../feeds';
import { absolutePaths } from '../absolute-paths';
import type { Handlers } from '../router';

type FeedsChannels = Extract<keyof Handlers, `feeds:${string}`>;

/** Main checks the paths with its own platform's rules (the contract only checks their look). */
function checked(settings: FeedSettings): FeedSettings {
  absolutePaths([
    ...(settings.source.kind === 'file' ? [settings.source.path] : []),
    ...(settings.photoFolder === undefined ? [] : [settings.photoFolder]),
  ]);
  return settings;
}

/** Handlers of the `feeds:` channels (issue 25.1-25.3). */
export function feedsHandlers(feeds: FeedsService): Pick<Handlers, FeedsChannels> {
  return {
    'feeds:list': async () => ({ feeds: await feeds.list() }),
    'feeds:save': ({ id, settings, password }) => feeds.save({ id, settings: checked(settings), password }),
    'feeds:remove': async ({ id }) => ({ feeds: await feeds.remove(id) }),
    'feeds:plan': ({ id }) => feeds.plan(id),
    'feeds:run': ({ id }) => feeds.run(id, 'seller'),
    'feeds:history': ({ id }) => ({ runs: feeds.history(id) }),
    'feeds:retry': ({ runId, reference }) => feeds.retry(runId, reference),
    'feeds:approve-held': ({ runId }) => feeds.approveHeld(runId),
  };
}
