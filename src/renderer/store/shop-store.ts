// Settings → Shop's state: the shop's status on this desk as main reports it, the last connection
// test, setting up a shop's database, and joining's progress (issue 24.1).
import { create } from 'zustand';
import type {
  ShopCheckView,
  ShopInitView,
  ShopLeaveView,
  ShopProgress,
  ShopStatusView,
} from '../../shared/ipc/contract-shop';
import { call, subscribe } from '../ipc/client';

export type ShopTest = { running: true } | ({ running: false } & ShopCheckView);

/** The set-up form, open with the address it starts from; `opened` tells one opening from the next. */
export interface ShopSetupOpen {
  url: string;
  opened: number;
}

/** What the join form starts with after the set-up made a desk login. */
export interface ShopJoinPrefill {
  url: string;
  password: string;
  made: number;
}

export interface ShopInitInput {
  url: string;
  password?: string;
  deskLogin?: { name: string; password: string };
}

interface ShopStoreState {
  status?: ShopStatusView;
  test?: ShopTest;
  progress?: ShopProgress;
  /** What the last leave found: whether the database was told. */
  left?: ShopLeaveView;
  load(): Promise<void>;
  setup?: ShopSetupOpen;
  /** What the last set-up did. */
  initResult?: ShopInitView;
  /** The owner's address of the last set-up, without a password: "Add a desk" starts from it. */
  ownerUrl?: string;
  joinPrefill?: ShopJoinPrefill;
  runTest(url: string, password?: string): Promise<void>;
  /** Opens the set-up form, starting from `url`; closes it when `url` is undefined. */
  openSetup(url: string | undefined): void;
  /** Sets up or upgrades a shop's database (`shop init`); a desk login made fills in the join form. */
  init(input: ShopInitInput): Promise<void>;
  join(input: { url: string; password?: string; name: string }): Promise<void>;
  leave(): Promise<void>;
  /** Follows main's shop events; returns the function that stops. */
  follow(): () => void;
}

/** `url` without a password typed into it: a form may start from it, the password may not. */
export function withoutPassword(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

export const useShopStore = create<ShopStoreState>((set, get) => ({
  async load() {
    set({ status: await call('shop:status') });
  },
  async runTest(url, password) {
    set({ test: { running: true } });
    const result = await call('shop:test', { url, ...(password && { password }) });
    set({ test: { running: false, ...result } });
  },
  openSetup(url) {
    set({ setup: url === undefined ? undefined : { url, opened: (get().setup?.opened ?? 0) + 1 } });
    if (url !== undefined) set({ initResult: undefined });
  },
  async init(input) {
    set({ initResult: undefined });
    const result = await call('shop:init', input);
    set({ initResult: result, setup: undefined, test: undefined, ownerUrl: withoutPassword(input.url) });
    if (result.deskLogin && input.deskLogin)
      set({
        joinPrefill: {
          url: result.deskLogin.url,
          password: input.deskLogin.password,
          made: (get().joinPrefill?.made ?? 0) + 1,
        },
      });
  },
  async join(input) {
    set({ left: undefined, progress: undefined });
    // The exchange of data runs on after the join: its progress stays in view (shop:progress).
    set({
      status: await call('shop:join', input),
      test: undefined,
      joinPrefill: undefined,
      initResult: undefined,
    });
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
