// The contract's channel of scheduled publishing (issue 25.4): the editor and the Drafts list's
// selection set a date and time for drafts, change it, or cancel it.
import { z } from 'zod';
import { draftIdSchema } from '../domain/drafts';
import { channel } from './channel';

/** One draft's answer: scheduled (or cancelled), or why not, in the seller's words. */
export interface ScheduleAnswer {
  id: string;
  title: string;
  ok: boolean;
  message: string;
}

export const scheduleChannels = {
  /**
   * Schedules the drafts at `at` (ISO 8601 with offset, or local `YYYY-MM-DD HH:MM`); `at: null`
   * cancels. A time past or unreadable is refused ('invalid-input') in plain words.
   */
  'schedule:set': channel<{ answers: ScheduleAnswer[] }>()(
    z
      .object({ ids: z.array(draftIdSchema).min(1).max(100_000), at: z.string().max(100).nullable() })
      .strict(),
  ),
};
