import type { PublishEngine } from '../../publish/engine';
import type { Handlers } from '../router';

type PublishChannels = Extract<keyof Handlers, `publish:${string}`>;

/** Handlers of the `publish:` channels. */
export function publishHandlers(engine: PublishEngine): Pick<Handlers, PublishChannels> {
  return {
    'publish:start': async ({ draftIds }) => ({ results: await engine.start(draftIds) }),
    'publish:list': () => ({ jobs: engine.list(), problems: [...engine.problems] }),
    'publish:cancel': async ({ jobId }) => ({ done: await engine.cancel(jobId) }),
    'publish:end-twice': async ({ jobId, listingUuid }) => ({
      outcome: await engine.endTwice(jobId, listingUuid),
    }),
    'publish:retry': async ({ jobId, confirmDuplicateRisk }) => {
      const done = await engine.retry(jobId, { confirmDuplicateRisk });
      return done === 'needs-confirmation' ? { done: false, needsConfirmation: true } : { done };
    },
  };
}
