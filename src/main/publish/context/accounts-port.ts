// What the engine needs of the accounts: a client per account and the account's default imprint.
// Imprints are created through the accounts service so that the account keeps them (the spec has no
// way to read imprints back).
import { sandboxTestImprint } from '../../../shared/domain/publishing';
import { mainI18n } from '../../i18n';
import type { AccountSignIn } from '../../../shared/ipc/types';
import type { AccountsService } from '../../accounts/accounts-service';
import { noteMediaSize, type MediaLimit } from '../../media/shrink';
import { callsInStride, type ServiceClient } from '../../service-client';

export interface PublishAccounts {
  /** The account's service client (throws when the account no longer exists). */
  client(accountId: string): ServiceClient;
  /** The account's default imprint, or null when it has none. */
  defaultImprintUuid(accountId: string): string | null;
  /**
   * The text of the imprint the engine may make by itself for an account without one: only a test
   * service's (the embedded Sandbox); null (or absent) for a real account, whose seller enters it.
   */
  testImprint?(accountId: string): string | null;
  /** Creates an imprint that the account keeps (its first becomes the default); resolves with its uuid. */
  createImprint(accountId: string, content: string): Promise<string>;
  /** The account drafts without one are published with. */
  activeId(): string;
  /** The photo sizes the account's service is known to take (absent: nothing remembered). */
  mediaLimit?(accountId: string): MediaLimit | null;
  /** Remembers that the account's service attached (`accepted`) or refused with 413 a photo of `bytes`. */
  noteMediaSize?(accountId: string, bytes: number, accepted: boolean): void;
  /** Whether the account can sign in (remembered until it changes; `force` checks again). */
  signIn?(accountId: string, force?: boolean): Promise<AccountSignIn>;
  /** Remembers that a call of the account failed to sign in. */
  noteSignInFailure?(accountId: string, error: unknown): void;
  /** Calls `listener` when an account changed or its sign-in did; returns the unsubscribe. */
  onAccountChange?(listener: (accountId: string) => void): () => void;
  /**
   * How many calls of the account its pace keeps going now (service-client/account-pace.ts,
   * callsInStride: its calls at once, or its writes a second once the service limited them); 'auto'
   * drafts at once follow it (absent: the pace's ceiling).
   */
  callsAtOnce?(accountId: string): number;
}

/** The engine's view of the accounts service. */
export function publishAccounts(accounts: AccountsService): PublishAccounts {
  return {
    client: (accountId) => accounts.client(accountId),
    defaultImprintUuid: (accountId) => accounts.record(accountId).defaultImprintUuid,
    testImprint: (accountId) =>
      accounts.record(accountId).kind === 'sandbox' ? sandboxTestImprint(mainI18n.language) : null,
    async createImprint(accountId, content) {
      const view = await accounts.createImprint(accountId, content);
      const created = view.imprints.at(-1);
      if (!created) throw new Error('The new imprint is missing from the account.');
      return created.uuid;
    },
    activeId: () => accounts.activeId(),
    mediaLimit: (accountId) => accounts.mediaLimit(accountId),
    noteMediaSize(accountId, bytes, accepted) {
      accounts.setMediaLimit(accountId, noteMediaSize(accounts.mediaLimit(accountId), bytes, accepted));
    },
    signIn: (accountId, force) => accounts.checkSignIn(accountId, force),
    noteSignInFailure: (accountId, error) => accounts.noteSignInFailure(accountId, error),
    onAccountChange: (listener) => accounts.onAccountChange(listener),
    callsAtOnce: (accountId) => callsInStride(accounts.pace(accountId).view()),
  };
}
