import type { ShopApprovals } from '../../shop';
import type { Handlers } from '../router';

type ApprovalsChannels = Extract<keyof Handlers, `approvals:${string}`>;

/** Handlers of the `approvals:` channels (issue 37.4); a lone desk has no requests. */
export function approvalsHandlers(
  approvals: ShopApprovals,
  member: () => boolean,
): Pick<Handlers, ApprovalsChannels> {
  return {
    async 'approvals:list'() {
      if (!member()) return { member: false, requests: [], waiting: 0 };
      const requests = await approvals.list();
      return { member: true, requests, waiting: requests.filter((r) => r.state === 'waiting').length };
    },
    'approvals:approve': ({ id }) => approvals.approve(id),
    'approvals:send-back': async ({ id, note }) => {
      await approvals.sendBack(id, note);
      return { done: true };
    },
    'approvals:ask': (ask) => approvals.askLive(ask),
    'approvals:preview-edit': async ({ uuids, edit }) => ({ rows: await approvals.previewEdit(uuids, edit) }),
    'approvals:ask-edit': ({ listing, edit, accountId }) => approvals.askEdit(listing, edit, accountId),
    async 'approvals:rules'() {
      return { accounts: member() ? await approvals.rules() : [] };
    },
    'approvals:set-rule': async ({ accountId, required }) => ({
      accounts: await approvals.setRule(accountId, required),
    }),
  };
}

/** The live channels that become requests where this desk must ask (issue 37.4), each with its ad. */
const LIVE_ASKS = {
  'listings:update': 'change',
  'bulk:start': 'change',
  // A live ad's photos and its publications' location and imprint, which no request carries yet.
  'listings:add-photos': 'change',
  'listings:add-photo-bytes': 'change',
  'listings:order-photos': 'change',
  'listings:remove-photo': 'change',
  'listings:undo-remove-photo': 'change',
  'publications:update': 'change',
  'publications:set-state': 'pause',
  'listings:delete': 'end',
} as const;

/**
 * `handlers` with the direct live changes, pauses and ends refused in words where this desk must ask
 * for the selected account (the owner's rule on a publish desk): it asks instead (`approvals:ask`).
 * A prepare desk's are refused before, by its role.
 */
export function askingFirst<H extends Partial<Handlers>>(
  handlers: H,
  mustAsk: () => Promise<boolean>,
  refusal: (kind: 'change' | 'pause' | 'end') => Error,
): H {
  const guarded: Record<string, unknown> = { ...handlers };
  for (const [channel, kind] of Object.entries(LIVE_ASKS) as [
    keyof typeof LIVE_ASKS,
    'change' | 'pause' | 'end',
  ][]) {
    const handler = handlers[channel] as ((input: unknown) => unknown) | undefined;
    if (!handler) continue;
    guarded[channel] = async (input: unknown) => {
      if (await mustAsk()) throw refusal(kind);
      return handler(input);
    };
  }
  return guarded as H;
}
