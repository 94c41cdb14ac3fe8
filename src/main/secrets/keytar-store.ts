// The OS keychain through keytar (libsecret's Secret Service on Linux, Keychain on macOS,
// Credential Vault on Windows), with a probe that tells whether it can be used at all.
import { createRequire } from 'node:module';
import { mainI18n } from '../i18n';
import { createSessionSecretStore, type SecretStore } from './secret-store';

export const KEYCHAIN_SERVICE = 'listing-desk';

/**
 * The name the desk's entries go under in the keychain: `listing-desk`, or the one
 * LISTING_DESK_KEYCHAIN names. A desk's secrets are its own (DESIGN: each desk keeps them in its own
 * keychain); two desks of a team started on one login (each with its data folder) share the
 * login's keychain, and a prepare desk, which removes its accounts' secrets, would remove the other
 * desk's too unless each has a name of its own.
 */
export function keychainService(env: NodeJS.ProcessEnv = process.env): string {
  return env.LISTING_DESK_KEYCHAIN?.trim() || KEYCHAIN_SERVICE;
}

export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

const PROBE_TIMEOUT_MS = 5_000;
/**
 * The probe reads one entry that is never stored. It used to list every credential of the service
 * with their secrets (findCredentials): while another process deleted one of them (a second desk on
 * this login, a prepare desk dropping its accounts' secrets) libsecret met an item without a value
 * and keytar's process died ("secret_value_get_text: assertion 'value' failed"), seen in `npm test`.
 */
const PROBE_ACCOUNT = 'keychain-probe';

/** Loads keytar's native module; throws when it was not built. */
export function loadKeytar(): Keytar {
  // keytar is CommonJS with a native addon: require keeps it out of the bundle's ESM graph.
  const require = createRequire(import.meta.url);
  return require('keytar') as Keytar;
}

/** The keychain's probe did not answer in time. */
class NoAnswer extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoAnswer(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? 'unknown error';
}

/** A SecretStore over keytar; the caller has checked that keytar works. */
export function createKeytarSecretStore(keytar: Keytar, service = KEYCHAIN_SERVICE): SecretStore {
  return {
    status: { mode: 'keychain' },
    async set(account, secret) {
      await keytar.setPassword(service, account, secret);
    },
    async get(account) {
      return (await keytar.getPassword(service, account)) ?? undefined;
    },
    async delete(account) {
      return keytar.deletePassword(service, account);
    },
  };
}

/** Opens the keychain when keytar is built and a Secret Service answers, else a session-only store. */
export async function openSecretStore(
  load: () => Keytar = loadKeytar,
  service = keychainService(),
): Promise<SecretStore> {
  let keytar: Keytar;
  try {
    keytar = load();
  } catch (error) {
    return createSessionSecretStore(() => mainI18n.t('secrets:notBuilt', { error: firstLine(error) }), {
      problem: 'not-built',
      detail: firstLine(error),
    });
  }
  try {
    await withTimeout(keytar.getPassword(service, PROBE_ACCOUNT), PROBE_TIMEOUT_MS);
  } catch (error) {
    // Worded when read, in the app's language then (the store opens before the settings are read).
    const noAnswer = error instanceof NoAnswer;
    return createSessionSecretStore(
      () =>
        mainI18n.t('secrets:unusable', {
          error: noAnswer
            ? mainI18n.t('secrets:noAnswer', { seconds: PROBE_TIMEOUT_MS / 1000 })
            : firstLine(error),
        }),
      { problem: noAnswer ? 'no-answer' : 'unusable', detail: firstLine(error) },
    );
  }
  return createKeytarSecretStore(keytar, service);
}
