// The rest of `approvals list [--json]`, `approvals approve ID`, `approvals send-back ID --note
// TEXT` and `approvals ask LISTING --price AMOUNT|--pause|--resume|--end sold|deleted` (issue 37.4),
// parsed without side effects.
import type { LiveAsk } from '../../../shared/domain/approvals';
import { readPriceText } from '../../../shared/domain/drafts';
import { approvalActions, type ApprovalAction } from './command-words';
import { UsageError } from './usage';

/** What `approvals ask` asks for a live ad (its id is operands[0]). */
export type CliLiveAsk =
  | { kind: 'price'; amount: number }
  | { kind: 'pause'; state: 'PAUSED' | 'RESUMED' }
  | { kind: 'end'; sold: boolean };

/** The options only `approvals ask` takes. */
interface AskValues {
  price?: string;
  pause?: boolean;
  resume?: boolean;
  end?: string;
}

const ASK_FLAGS = ['price', 'pause', 'resume', 'end'] as const;
const given = (values: AskValues) =>
  ASK_FLAGS.filter((flag) => values[flag] !== undefined && values[flag] !== false);

/** `approvals ask LISTING` with exactly one of its options; throws UsageError. */
function askArgs(rest: string[], values: AskValues): { operands: string[]; liveAsk: CliLiveAsk } {
  const listing = rest[0]?.trim() ?? '';
  const flags = given(values);
  if (rest.length !== 1 || listing === '' || listing.length > 200 || flags.length !== 1)
    throw new UsageError({ problem: 'approvals-ask' });
  let liveAsk: CliLiveAsk;
  if (values.price !== undefined) {
    const price = readPriceText(values.price);
    if (!price.ok || price.amount === null || price.amount < 0)
      throw new UsageError({ problem: 'approvals-price', value: values.price });
    liveAsk = { kind: 'price', amount: price.amount };
  } else if (values.end !== undefined) {
    if (values.end !== 'sold' && values.end !== 'deleted') throw new UsageError({ problem: 'approvals-ask' });
    liveAsk = { kind: 'end', sold: values.end === 'sold' };
  } else liveAsk = { kind: 'pause', state: values.pause ? 'PAUSED' : 'RESUMED' };
  return { operands: [listing], liveAsk };
}

/** The request's kind and fields as `approvals:ask` takes them, for the live ad `listing`. */
export function liveAskOf(listing: string, ask: CliLiveAsk): LiveAsk {
  return { ...ask, listing };
}

/** The action, the request's id (approve, send-back) and the note (send-back); throws UsageError. */
export function approvalsArgs(
  operands: string[],
  values: { json?: boolean; note?: string } & AskValues,
): { approvalAction: ApprovalAction; operands: string[]; note?: string; liveAsk?: CliLiveAsk } {
  const [word, ...rest] = operands;
  if (!(approvalActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'approvals-what' });
  const action = word as ApprovalAction;
  const [flag] = given(values);
  if (action !== 'ask' && flag !== undefined)
    throw new UsageError({ problem: 'not-with', flag: `--${flag}`, command: 'approvals' });
  if (action === 'ask') {
    if (values.json === true)
      throw new UsageError({ problem: 'not-with', flag: '--json', command: 'approvals' });
    if (values.note !== undefined)
      throw new UsageError({ problem: 'not-with', flag: '--note', command: 'approvals' });
    return { approvalAction: action, ...askArgs(rest, values) };
  }
  if (values.json === true && action !== 'list' && action !== 'rule' && action !== 'rules')
    throw new UsageError({ problem: 'not-with', flag: '--json', command: 'approvals' });
  if (values.note !== undefined && action !== 'send-back')
    throw new UsageError({ problem: 'not-with', flag: '--note', command: 'approvals' });
  if (action === 'rules') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'approvals' });
    return { approvalAction: action, operands: [] };
  }
  if (action === 'rule') {
    // `approvals rule ACCOUNT on|off` (issue 37.4): the owner's rule for one account.
    const [account, onOff] = rest;
    if (rest.length !== 2 || !account?.trim() || (onOff !== 'on' && onOff !== 'off'))
      throw new UsageError({ problem: 'approvals-rule' });
    return { approvalAction: action, operands: [account.trim(), onOff] };
  }
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
