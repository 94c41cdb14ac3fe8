// The contract's channels of stock feeds (issue 25.1-25.3): the feeds, their plans, their runs and
// history. A feed's basic-auth password travels inward only (to the keychain), like a client secret.
import { z } from 'zod';
import { feedSettingsSchema, type FeedView } from '../domain/feeds';
import type { FeedPlan, FeedRun } from '../domain/feeds';
import { channel, noInput } from './channel';
import { segmentIdSchema } from './input-schemas';

const id = segmentIdSchema;

export const feedsChannels = {
  /** Every feed with its last run, by name. */
  'feeds:list': channel<{ feeds: FeedView[] }>()(noInput),
  /**
   * Adds a feed (no id) or changes one. `password` (a URL's basic auth) goes to the keychain; null
   * forgets it. A changed source or account asks for the seller's yes again.
   */
  'feeds:save': channel<FeedView>()(
    z
      .object({
        id: id.optional(),
        settings: feedSettingsSchema,
        password: z.string().min(1).max(1000).nullable().optional(),
      })
      .strict(),
  ),
  /** Removes a feed (its ads stay as they are; its password leaves the keychain). */
  'feeds:remove': channel<{ feeds: FeedView[] }>()(z.object({ id }).strict()),
  /** Reads the source now and answers what a run would do, with the valve's holds; nothing is applied. */
  'feeds:plan': channel<FeedPlan>()(z.object({ id }).strict()),
  /**
   * The seller's yes: runs the feed now (a first run is approved by it). Answers when the run ends
   * (a held run applied nothing; its report says why); progress as `feeds:progress`.
   */
  'feeds:run': channel<FeedRun>()(z.object({ id }).strict()),
  /** The feed's runs, newest first. */
  'feeds:history': channel<{ runs: FeedRun[] }>()(z.object({ id }).strict()),
  /** Runs a run's failed ads again (or the one of this reference). */
  'feeds:retry': channel<FeedRun>()(
    z.object({ runId: id, reference: z.string().min(1).max(200).optional() }).strict(),
  ),
  /**
   * An owner desk's yes to a run the safety valve held (issue 37.3; in a team the database refuses
   * it to other roles): the feed's next run applies what was held, at once here when this desk has
   * the feed's secrets. Answers the approved run (its `approval`).
   */
  'feeds:approve-held': channel<FeedRun>()(z.object({ runId: id }).strict()),
};

export type { FeedProgress } from '../domain/feeds';
