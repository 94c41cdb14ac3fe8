// The contract's part of four eyes (issue 37.4): the team's requests, approving them and sending them
// back with a note. `approvals:changed` says a request was asked for or decided on any desk.
import { z } from 'zod';
import type { ApprovalView } from '../domain/approvals';
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

export const approvalsChannels = {
  'approvals:list': channel<ApprovalsState>()(noInput),
  /** Approves a request: exactly what it shows goes into the team's queue. */
  'approvals:approve': channel<{ jobId: string }>()(z.object({ id: requestId }).strict()),
  /** Returns a request to the asking desk with a note. */
  'approvals:send-back': channel<{ done: boolean }>()(
    z.object({ id: requestId, note: z.string().trim().min(1).max(2000) }).strict(),
  ),
};
