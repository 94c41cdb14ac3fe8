// The contract's part of four eyes (issue 37.4): the team's requests, approving them and sending them
// back with a note. `approvals:changed` says a request was asked for or decided on any desk.
import { z } from 'zod';
import type { ApprovalView } from '../domain/approvals';
import { bulkEditSchema, type BulkRowPlan } from '../domain/bulk';
import { channel, noInput } from './channel';
import { segmentIdSchema } from '../domain/drafts';

/** The waiting requests (oldest first) and those decided lately; `count`: how many wait. */
export interface ApprovalsState {
  member: boolean;
  requests: ApprovalView[];
  waiting: number;
}

// A request's id names no path, yet is refused as one like every id the window sends.
const requestId = segmentIdSchema;

const text = (max: number) => z.string().max(max);
const amount = z.number().finite().min(0).max(100_000_000);

/** What a desk may ask to do to a live ad (issue 37.4). */
const liveAskSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('change'),
      listing: requestId,
      accountId: requestId.optional(),
      patch: z
        .object({
          title: text(200).optional(),
          description: text(20_000).optional(),
          price: z
            .object({ type: text(50), amount })
            .strict()
            .optional(),
          category: text(300).optional(),
          attributes: z.record(text(200), text(1000)).optional(),
          adType: text(50).optional(),
          email: text(320).optional(),
          phoneNumber: text(100).nullable().optional(),
          contactPerson: text(200).nullable().optional(),
          customReference: text(200).nullable().optional(),
          buyNow: z.boolean().nullable().optional(),
        })
        .strict(),
    })
    .strict(),
  z
    .object({ kind: z.literal('price'), listing: requestId, accountId: requestId.optional(), amount })
    .strict(),
  z
    .object({
      kind: z.literal('pause'),
      listing: requestId,
      accountId: requestId.optional(),
      state: z.enum(['PAUSED', 'RESUMED']),
      publication: requestId.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('end'),
      listing: requestId,
      accountId: requestId.optional(),
      sold: z.boolean().optional(),
    })
    .strict(),
]);

export const approvalsChannels = {
  /** Asks to change, reprice, pause or end a live ad: a request waits for another desk's approval. */
  'approvals:ask': channel<{ requestId: string }>()(liveAskSchema),
  /**
   * What a bulk edit would ask for, ad by ad, from the ads as this desk knows them (a desk that must
   * ask may hold no secret to read them fresh); imprint and location are not asked for.
   */
  'approvals:preview-edit': channel<{ rows: BulkRowPlan[] }>()(
    z.object({ uuids: z.array(requestId).min(1).max(10_000), edit: bulkEditSchema }).strict(),
  ),
  /** Asks for a bulk edit of one live ad: one request carrying exactly the change the preview showed. */
  'approvals:ask-edit': channel<{ requestId: string }>()(
    z.object({ listing: requestId, accountId: requestId.optional(), edit: bulkEditSchema }).strict(),
  ),
  /** The accounts whose publish desks ask too (the owner's rule, per account). */
  'approvals:rules': channel<{ accounts: string[] }>()(noInput),
  /** Sets the owner's rule for one account (owner desks only; the database refuses others). */
  'approvals:set-rule': channel<{ accounts: string[] }>()(
    z.object({ accountId: requestId, required: z.boolean() }).strict(),
  ),
  'approvals:list': channel<ApprovalsState>()(noInput),
  /** Approves a request: exactly what it shows goes into the team's queue. */
  'approvals:approve': channel<{ jobId: string }>()(z.object({ id: requestId }).strict()),
  /** Returns a request to the asking desk with a note. */
  'approvals:send-back': channel<{ done: boolean }>()(
    z.object({ id: requestId, note: z.string().trim().min(1).max(2000) }).strict(),
  ),
};
