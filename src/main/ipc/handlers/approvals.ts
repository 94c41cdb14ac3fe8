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
  };
}
