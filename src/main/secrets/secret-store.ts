// Where account secrets live. The mode is decided once at start and shown to the seller; a
// keychain store never falls back to memory behind the seller's back.
import type { KeychainProblem, KeychainStatus } from '../../shared/ipc/types';

export interface SecretStore {
  readonly status: KeychainStatus;
  set(account: string, secret: string): Promise<void>;
  /** Main process only: the secret never travels to the renderer. */
  get(account: string): Promise<string | undefined>;
  delete(account: string): Promise<boolean>;
}

/**
 * Keeps secrets in this process's memory only; they are gone when the app quits. A `reason` given
 * as a function is worded each time it is read, so it follows the app's language; `cause` names
 * the problem for the window and carries the system's own text.
 */
export function createSessionSecretStore(
  reason: string | (() => string),
  cause?: { problem: KeychainProblem; detail: string },
): SecretStore {
  const secrets = new Map<string, string>();
  return {
    get status(): KeychainStatus {
      return { mode: 'session-only', reason: typeof reason === 'string' ? reason : reason(), ...cause };
    },
    async set(account, secret) {
      secrets.set(account, secret);
    },
    async get(account) {
      return secrets.get(account);
    },
    async delete(account) {
      return secrets.delete(account);
    },
  };
}
