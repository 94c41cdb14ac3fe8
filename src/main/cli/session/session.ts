// One run of the command line over the app's back end: createApp with the web shell's ports, calls
// through the same router the windows use (so inputs are checked the same way), and the words of
// the run's language.
import type { App } from '../../app';
import type { AccountView, AccountsState, ConnectionResult } from '../../../shared/ipc/types';
import type { Envelope, IpcErrorData } from '../../../shared/ipc/envelope';
import type { UiLanguage } from '../../../shared/i18n-language';
import { deskMay } from '../../../shared/domain/team';
import type { ShopStatusView } from '../../../shared/ipc/contract-shop';
import { UsageError } from '../args';
import { cliWords, EXIT } from '../words';

/** A contract call that failed: its error envelope. */
export class CallFailed extends Error {
  constructor(
    readonly channel: string,
    readonly error: IpcErrorData,
  ) {
    super(`${channel}: ${error.message}`);
    this.name = 'CallFailed';
  }
}

/** Ends the run with this exit code, after saying `message` on stderr. */
export class ExitWith extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ExitWith';
  }
}

export interface Output {
  /** The result (JSON or a table): stdout. */
  out(text: string): void;
  /** Progress and messages: stderr. */
  err(text: string): void;
}

export interface Session extends Output {
  app: App;
  language: UiLanguage;
  words: ReturnType<typeof cliWords>;
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** The account the command works on: --account, else the one selected in the app. */
  account(): Promise<AccountView>;
  /**
   * Runs `work` with the account selected in the app (channels that work on the selected account:
   * listings, export), then puts the seller's own choice back.
   */
  withAccount<T>(work: (account: AccountView) => Promise<T>): Promise<T>;
  /** Fails with exit code 4 when the account cannot reach the service or cannot sign in. */
  checkService(account: AccountView): Promise<void>;
  /** Set when a command should stop (Ctrl+C): commands that wait look at it. */
  stopped: () => boolean;
}

export function openSession(
  app: App,
  language: UiLanguage,
  output: Output,
  accountName: string | undefined,
  stopped: () => boolean,
): Session {
  const words = cliWords(language);
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = (await app.router.call(channel, input)) as Envelope<T>;
    if (!result.ok) throw new CallFailed(channel, result.error);
    return result.value;
  };
  let chosen: AccountView | undefined;
  return {
    ...output,
    app,
    language,
    words,
    call,
    stopped,
    async account() {
      if (chosen) return chosen;
      const state = await call<AccountsState>('accounts:list');
      if (accountName === undefined) {
        chosen = state.accounts.find((account) => account.id === state.activeId) ?? state.accounts[0]!;
        return chosen;
      }
      const wanted = accountName.trim().toLowerCase();
      const found =
        state.accounts.find((account) => account.id === accountName) ??
        state.accounts.find((account) => account.name.trim().toLowerCase() === wanted);
      if (!found)
        throw new UsageError({
          problem: 'account-unknown',
          name: accountName,
          names: state.accounts.map((account) => account.name),
        });
      chosen = found;
      return chosen;
    },
    async withAccount(work) {
      const account = await this.account();
      const { activeId } = await call<AccountsState>('accounts:list');
      if (activeId === account.id) return work(account);
      await call('accounts:select', { id: account.id });
      try {
        return await work(account);
      } finally {
        await call('accounts:select', { id: activeId });
      }
    },
    async checkService(account) {
      // Issue 37.2/37.4: a desk whose role may not publish keeps no client secret and asks for
      // approval instead, which sends nothing to the service: there is nothing to check here.
      if (account.kind === 'service' && !account.hasSecret) {
        const status = await call<ShopStatusView>('shop:status');
        if (!deskMay(status, 'publish').allowed) return;
      }
      const result = await call<ConnectionResult>('accounts:test', { id: account.id });
      if (!result.ok) throw new ExitWith(EXIT.service, words.unreachable(account.name, result.message));
    },
  };
}
