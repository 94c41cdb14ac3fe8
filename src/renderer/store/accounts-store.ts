// Accounts as main reports them, plus the outcome of the last "Test connection" per account.
import { create } from 'zustand';
import type { InputOf } from '../../shared/ipc/contract';
import type { AccountsState, AccountView, ConnectionResult } from '../../shared/ipc/types';
import { call } from '../ipc/client';

export type TestOutcome = { running: true } | ({ running: false } & ConnectionResult);

interface AccountsStoreState {
  state?: AccountsState;
  tests: Record<string, TestOutcome>;
  /** The account that became the one in use as the desk's first real account (issue 33.8), until another is chosen. */
  chosenFirst?: string;
  load(): Promise<void>;
  setState(state: AccountsState): void;
  save(input: InputOf<'accounts:save'>): Promise<AccountView>;
  remove(id: string): Promise<void>;
  select(id: string): Promise<void>;
  /** Makes a just-tested new account the one in use when it is the desk's first real one and the Sandbox is in use. */
  chooseIfFirst(id: string): Promise<void>;
  deleteSecret(id: string): Promise<void>;
  test(id: string): Promise<ConnectionResult>;
  /** Creates an imprint on the service; resolves with the account as it is now. */
  createImprint(accountId: string, content: string): Promise<AccountView>;
  setDefaultImprint(accountId: string, uuid: string | null): Promise<void>;
}

export const useAccountsStore = create<AccountsStoreState>((set) => ({
  tests: {},
  async load() {
    set({ state: await call('accounts:list') });
  },
  setState: (state) => set({ state }),
  async save(input) {
    const account = await call('accounts:save', input);
    // A changed account has not been tested in its new form.
    set((s) => ({ tests: Object.fromEntries(Object.entries(s.tests).filter(([id]) => id !== account.id)) }));
    return account;
  },
  async remove(id) {
    set({ state: await call('accounts:remove', { id }) });
  },
  async select(id) {
    set({ state: await call('accounts:select', { id }), chosenFirst: undefined });
  },
  async chooseIfFirst(id) {
    const { chosen, state } = await call('accounts:use-if-first', { id });
    set(chosen ? { state, chosenFirst: id } : { state });
  },
  async deleteSecret(id) {
    await call('accounts:delete-secret', { id });
  },
  async test(id) {
    set((s) => ({ tests: { ...s.tests, [id]: { running: true } } }));
    const result = await call('accounts:test', { id }).catch((error: unknown): ConnectionResult => ({
      ok: false,
      problem: 'internal',
      message: error instanceof Error ? error.message : String(error),
    }));
    set((s) => ({ tests: { ...s.tests, [id]: { running: false, ...result } } }));
    return result;
  },
  createImprint: (accountId, content) => call('imprints:create', { accountId, content }),
  async setDefaultImprint(accountId, uuid) {
    await call('imprints:set-default', { accountId, uuid });
  },
}));

/** The active account, once loaded. */
export function useActiveAccount(): AccountView | undefined {
  return useAccountsStore((s) => s.state?.accounts.find((a) => a.id === s.state?.activeId));
}
