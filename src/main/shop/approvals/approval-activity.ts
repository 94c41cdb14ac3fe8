// THE PLACE FOR THE ACTIVITY LOG (issue 37.5, helper L's migration 7): each act on a request is
// handed to `ApprovalsDeps.activity` as one of these, at one call site per event in
// approvals-service.ts (request, approve, send back, and withdraw: written by the
// database's trigger when an edit reaches it: recorded where the asker hears of it). The lead wires
// `activity` to the log's recording function at the merge; until then nothing is recorded.

export type ApprovalEvent = 'request' | 'approve' | 'send-back' | 'withdraw';

export interface ApprovalActivity {
  event: ApprovalEvent;
  request: string;
  desk: string;
  draftId?: string | null;
  account?: string;
  jobId?: string | null;
  note?: string;
}

/** The activity of one act on request `id`. */
export function recordApprovalActivity(
  event: ApprovalEvent,
  facts: {
    id: string;
    deskId: string;
    draftId?: string | null;
    account?: string;
    jobId?: string | null;
    note?: string;
  },
): ApprovalActivity {
  const { id, deskId, ...rest } = facts;
  return { event, request: id, desk: deskId, ...rest };
}
