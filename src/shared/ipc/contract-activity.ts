// The contract's part of the activity log (issue 37.5): who did what, read with filters.
import { z } from 'zod';
import { activityKinds, type ActivityEntry } from '../domain/activity';
import { channel } from './channel';

const text = z.string().trim().min(1).max(200);

export const activityFilterSchema = z
  .object({
    desk: text.optional(),
    account: text.optional(),
    ad: text.optional(),
    kinds: z.array(z.enum(activityKinds)).max(activityKinds.length).optional(),
    since: z.iso.datetime().optional(),
    until: z.iso.datetime().optional(),
    limit: z.int().min(1).max(50_000).optional(),
  })
  .strict();

export const activityChannels = {
  /** The log's rows that pass the filter, newest first (the team's database, or this desktop's file). */
  'activity:list': channel<{ entries: ActivityEntry[] }>()(activityFilterSchema.optional()),
};
