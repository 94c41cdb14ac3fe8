// Four eyes in the window (issue 37.4): the team's requests as `approvals:list` last said them (read
// again on `approvals:changed`), and the news of this desk's own requests as notices.
import { create } from 'zustand';
import type { ApprovalView } from '../../shared/domain/approvals';
import type { EventOf } from '../../shared/ipc/contract';
import { call } from '../ipc/client';

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
  load(): Promise<void>;
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
  async load() {
    const mine = ++reading;
    try {
      const state = await call('approvals:list');
      if (mine === reading) set({ ...state, failure: undefined });
    } catch (error) {
      if (mine === reading) set({ failure: error instanceof Error ? error.message : String(error) });
    }
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
