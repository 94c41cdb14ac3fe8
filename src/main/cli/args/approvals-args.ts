// The rest of `approvals list [--json]`, `approvals approve ID` and `approvals send-back ID --note
// TEXT` (issue 37.4), parsed without side effects.
import { approvalActions, type ApprovalAction } from './command-words';
import { UsageError } from './usage';

/** The action, the request's id (approve, send-back) and the note (send-back); throws UsageError. */
export function approvalsArgs(
  operands: string[],
  values: { json?: boolean; note?: string },
): { approvalAction: ApprovalAction; operands: string[]; note?: string } {
  const [word, ...rest] = operands;
  if (!(approvalActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'approvals-what' });
  const action = word as ApprovalAction;
  if (values.json === true && action !== 'list')
    throw new UsageError({ problem: 'not-with', flag: '--json', command: 'approvals' });
  if (values.note !== undefined && action !== 'send-back')
    throw new UsageError({ problem: 'not-with', flag: '--note', command: 'approvals' });
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'approvals' });
    return { approvalAction: action, operands: [] };
  }
  const id = rest[0]?.trim() ?? '';
  if (rest.length !== 1 || id === '' || id.length > 200)
    throw new UsageError({ problem: 'approvals-id', action });
  if (action === 'approve') return { approvalAction: action, operands: [id] };
  const note = values.note?.trim() ?? '';
  if (note === '' || note.length > 2000) throw new UsageError({ problem: 'approvals-note' });
  return { approvalAction: action, operands: [id], note };
}
