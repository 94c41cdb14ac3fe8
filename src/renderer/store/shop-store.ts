// Settings → Shop's state: the shop's status on this desk as main reports it, the last connection
// test, and joining's progress (issue 24.1).
import { create } from 'zustand';
import type {
  ShopCheckView,
  ShopLeaveView,
  ShopProgress,
  ShopStatusView,
} from '../../shared/ipc/contract-shop';
import { call, subscribe } from '../ipc/client';

export type ShopTest = { running: true } | ({ running: false } & ShopCheckView);

interface ShopStoreState {
  status?: ShopStatusView;
  test?: ShopTest;
  progress?: ShopProgress;
  /** What the last leave found: whether the database was told. */
  left?: ShopLeaveView;
  load(): Promise<void>;
  runTest(url: string, password?: string): Promise<void>;
  join(input: { url: string; password?: string; name: string }): Promise<void>;
  leave(): Promise<void>;
  /** Follows main's shop events; returns the function that stops. */
  follow(): () => void;
}

export const useShopStore = create<ShopStoreState>((set) => ({
  async load() {
    set({ status: await call('shop:status') });
  },
  async runTest(url, password) {
    set({ test: { running: true } });
    const result = await call('shop:test', { url, ...(password && { password }) });
    set({ test: { running: false, ...result } });
  },
  async join(input) {
    set({ left: undefined, progress: undefined });
    // The exchange of data runs on after the join: its progress stays in view (shop:progress).
    set({ status: await call('shop:join', input), test: undefined });
  },
  async leave() {
    const left = await call('shop:leave');
    set({ left, progress: undefined, status: await call('shop:status') });
  },
  follow() {
    const offChanged = subscribe('shop:changed', (status) => set({ status }));
    const offProgress = subscribe('shop:progress', (progress) => set({ progress }));
    return () => {
      offChanged();
      offProgress();
    };
  },
}));
