// Four eyes in the window (issue 37.4): the team's requests as `approvals:list` last said them (read
// again on `approvals:changed`), and the news of this desk's own requests as notices.
import { create } from 'zustand';
import type { ApprovalView } from '../../shared/domain/approvals';
import type { EventOf } from '../../shared/ipc/contract';
import { call } from '../ipc/client';
import { useAccountsStore } from './accounts-store';
import { useShopStore } from './shop-store';

/** What became of this desk's request, in main's words, with the key it is dismissed by. */
export interface ApprovalNotice extends EventOf<'approvals:news'> {
  key: number;
}

interface ApprovalsStoreState {
  member: boolean;
  requests: readonly ApprovalView[];
  waiting: number;
  /** The last read failed: its message (the list shown stays as it was). */
  failure?: string;
  notices: readonly ApprovalNotice[];
  /** The accounts whose publish desks must ask too (the owner's rule, issue 37.4). */
  rules: readonly string[];
  load(): Promise<void>;
  /** Sets the owner's rule for an account (main and the database refuse a desk that is not an owner). */
  setRule(accountId: string, required: boolean): Promise<void>;
  news(news: EventOf<'approvals:news'>): void;
  dismissNotice(key: number): void;
}

let noticeKey = 0;
// Reads that cross: only the newest one's answer is kept.
let reading = 0;

export const useApprovalsStore = create<ApprovalsStoreState>()((set) => ({
  member: false,
  requests: [],
  waiting: 0,
  notices: [],
  rules: [],
  async load() {
    const mine = ++reading;
    try {
      const state = await call('approvals:list');
      const { accounts: rules } = state.member ? await call('approvals:rules') : { accounts: [] };
      if (mine === reading) set({ ...state, rules, failure: undefined });
    } catch (error) {
      if (mine === reading) set({ failure: error instanceof Error ? error.message : String(error) });
    }
  },
  async setRule(accountId, required) {
    const { accounts } = await call('approvals:set-rule', { accountId, required });
    set({ rules: accounts });
  },
  news(news) {
    noticeKey += 1;
    const key = noticeKey;
    // The same request's newer news takes the older one's place.
    set((s) => ({ notices: [...s.notices.filter((n) => n.id !== news.id), { ...news, key }] }));
  },
  dismissNotice(key) {
    set((s) => ({ notices: s.notices.filter((n) => n.key !== key) }));
  },
}));

/** The newest request of a draft (requests come oldest first), if the team has one. */
export function latestRequestOf(
  requests: readonly ApprovalView[],
  draftId: string,
): ApprovalView | undefined {
  let latest: ApprovalView | undefined;
  for (const request of requests)
    if (request.draftId === draftId && (!latest || request.askedAt >= latest.askedAt)) latest = request;
  return latest;
}

/** Whether this desk asks before publishing or changing the account's ads: prepare, or the owner's rule. */
export function desksMustAsk(
  status: { member: boolean; role?: string | null | undefined } | undefined,
  rules: readonly string[],
  accountId: string | null | undefined,
): boolean {
  if (status?.member !== true) return false;
  if (status.role === 'prepare') return true;
  return status.role === 'publish' && accountId != null && rules.includes(accountId);
}

/** Whether this desk asks before changing the selected account's live ads (issue 37.4). */
export function useAsksForLive(): boolean {
  const activeId = useAccountsStore((s) => s.state?.activeId);
  const rules = useApprovalsStore((s) => s.rules);
  return useShopStore((s) => desksMustAsk(s.status, rules, activeId));
}
