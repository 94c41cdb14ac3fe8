// Accounts: the list the seller keeps in Settings, which one is active, each one's secret in the
// SecretStore (set and deleted from the renderer, never read back), a service client per account,
// "Test connection" and the imprints created through each account.
import type {
  AccountDefaults,
  AccountSignIn,
  AccountsState,
  AccountView,
  ConnectionResult,
} from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { Log } from '../log/log';
import type { SecretStore } from '../secrets/secret-store';
import {
  createServiceClient,
  type AccountPace,
  type PaceView,
  type ServiceClient,
  type SharedPace,
} from '../service-client';
import { createAccountPaces } from './account-paces';
import { SANDBOX_ACCOUNT_ID, type AccountRecord, type AccountsStore } from '../storage/accounts-store';
import type { MediaLimit } from '../media/shrink';
import { serviceAccountFromInput, type AccountInput } from './account-input';
import { runConnectionTest } from './connection-test';
import type { EmbeddedSandbox } from './embedded-sandbox';
import { serviceAppError } from './service-problem';
import { createSignInChecks, failedSignIn } from './sign-in-check';

export type { AccountInput };

export interface AccountsServiceDeps {
  store: AccountsStore;
  secrets: SecretStore;
  sandbox: Pick<EmbeddedSandbox, 'authUrl' | 'baseUrl' | 'clientId'>;
  /** Called after every change, with the new state (main forwards it as `accounts:changed`). */
  onChange(state: AccountsState): void;
  timeoutMs?: number;
  /** Gets each client's retry and token lines, with the account's id. */
  log?: Log;
  /** Wraps each account's client (issue 33.4: what the service takes and refuses is learned there). */
  watchClient?: (accountId: string, client: ServiceClient) => ServiceClient;
}

export interface AccountsService {
  state(): AccountsState;
  save(input: AccountInput): Promise<AccountView>;
  remove(id: string): Promise<AccountsState>;
  select(id: string): AccountsState;
  /**
   * Makes `id` the account in use when it is the desk's first real account and the Sandbox is in
   * use (`firstRealAccountInUse`); `chosen` says whether this call made it so.
   */
  chooseIfFirst(id: string): { chosen: boolean; state: AccountsState };
  setSecret(id: string, secret: string): Promise<AccountView>;
  deleteSecret(id: string): Promise<AccountView>;
  /**
   * Removes every account's client secret from the keychain but the Sandbox's own (a desk set to
   * prepare, issue 37.2); resolves with the ids whose secret went.
   */
  dropSecrets(): Promise<string[]>;
  test(id: string): Promise<ConnectionResult>;
  /**
   * Checks that the account can sign in (a token fetched, its listings read); the outcome is
   * remembered until the account's addresses, client ID, Authorization setting or secret change,
   * and `force` checks again all the same. Rejects only when the account does not exist.
   */
  checkSignIn(id: string, force?: boolean): Promise<AccountSignIn>;
  /** Remembers that a call of the account failed to sign in (e.g. a publish job's token request). */
  noteSignInFailure(id: string, error: unknown): void;
  /** Calls `listener` with an account's id when it changed or its sign-in outcome did. */
  onAccountChange(listener: (id: string) => void): () => void;
  createImprint(accountId: string, content: string): Promise<AccountView>;
  setDefaultImprint(accountId: string, uuid: string | null): AccountView;
  setDefaults(accountId: string, defaults: AccountDefaults): AccountView;
  /** The account's record as stored (no secret). */
  record(id: string): AccountView;
  /** The active account's id. */
  activeId(): string;
  /** The service client of an account (rebuilt when the account changes). */
  client(id: string): ServiceClient;
  /** The pace every call of the account goes through, kept across its clients (issue 36.2). */
  pace(id: string): AccountPace;
  /** Calls `listener` when an account's pace holds or frees its calls (the window's "slow down"). */
  onPace(listener: (id: string, view: PaceView) => void): () => void;
  /**
   * Shares the accounts' paces with the other desks of a shop (issue 36.2): `port` gives the port of
   * an account the desks share (undefined: the account's pace stays the desk's own), for the paces
   * kept now and later; returns the undo.
   */
  sharePaces(port: (id: string) => SharedPace | undefined): () => void;
  /** The photo sizes the account's service attached and refused (null: no 413 seen yet). */
  mediaLimit(id: string): MediaLimit | null;
  /** Remembers the photo sizes the account's service attached and refused. */
  setMediaLimit(id: string, limit: MediaLimit): void;
}

/**
 * The account in use once a real account is added (issue 33.8): a desk still on its built-in
 * Sandbox with no real account yet has chosen none, so the first real one becomes the one in use
 * (new drafts go to it). The one rule of the window and the command line alike.
 */
export function firstRealAccountInUse(
  file: { accounts: readonly Pick<AccountRecord, 'id' | 'kind'>[]; activeId: string },
  added: string,
): string {
  const others = file.accounts.filter((a) => a.kind === 'service' && a.id !== added);
  return file.activeId === SANDBOX_ACCOUNT_ID && others.length === 0 ? added : file.activeId;
}

/** Builds the accounts service; reads which accounts have a secret once, at start. */
export async function createAccountsService(deps: AccountsServiceDeps): Promise<AccountsService> {
  const { store, secrets, sandbox } = deps;
  const withSecret = new Set<string>([SANDBOX_ACCOUNT_ID]);
  for (const account of store.read().accounts) {
    if (account.kind === 'service' && (await secrets.get(account.id)) !== undefined)
      withSecret.add(account.id);
  }
  const clients = new Map<string, { key: string; client: ServiceClient }>();
  const paces = createAccountPaces();
  // Counts each account's new secrets, so a sign-in outcome is never kept across one.
  const secretVersions = new Map<string, number>();
  const listeners = new Set<(id: string) => void>();
  const changed = (id: string) => {
    for (const listener of listeners) listener(id);
  };
  const secretChanged = (id: string) => {
    secretVersions.set(id, (secretVersions.get(id) ?? 0) + 1);
  };

  // The sandbox's addresses change with its port; they are filled in at run time.
  const live = (record: Readonly<AccountRecord>): Readonly<AccountRecord> =>
    record.kind === 'sandbox'
      ? { ...record, authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: sandbox.clientId }
      : record;
  const view = (record: AccountRecord): AccountView => {
    const signIn = signInChecks.known(record.id);
    return { ...live(record), hasSecret: withSecret.has(record.id), ...(signIn && { signIn }) };
  };
  const state = (): AccountsState => {
    const file = store.read();
    return { accounts: file.accounts.map(view), activeId: file.activeId, keychain: secrets.status };
  };
  const find = (id: string): AccountRecord => {
    const record = store.read().accounts.find((a) => a.id === id);
    if (!record) throw new AppError('not-found', mainI18n.t('errors:accountGone'));
    return record;
  };
  // The file as it is, without a copy, for look-ups that change nothing (per call to the service).
  const peek = () => store.peek?.() ?? store.read();
  const look = (id: string): Readonly<AccountRecord> => {
    const record = peek().accounts.find((a) => a.id === id);
    if (!record) throw new AppError('not-found', mainI18n.t('errors:accountGone'));
    return record;
  };
  const update = (id: string, change: (record: AccountRecord) => AccountRecord): AccountView => {
    const file = store.read();
    const accounts = file.accounts.map((a) => (a.id === id ? change(a) : a));
    store.write({ ...file, accounts });
    const next = state();
    deps.onChange(next);
    changed(id);
    return view(accounts.find((a) => a.id === id)!);
  };

  // A client of the account at these addresses; under Automatic it starts with the form detected
  // last and remembers a new finding in the account.
  const newClient = (record: AccountRecord, authUrl: string, baseUrl: string): ServiceClient => {
    const { id } = record;
    return createServiceClient({
      authUrl,
      baseUrl,
      clientId: record.clientId,
      authScheme: record.authScheme,
      ...(record.detectedAuthForm && { detectedAuthForm: record.detectedAuthForm }),
      onAuthDetected: (form) => {
        if (store.read().accounts.some((a) => a.id === id))
          update(id, (r) => ({ ...r, detectedAuthForm: form }));
      },
      getSecret: () => secrets.get(id),
      pace: paces.pace(id),
      ...(deps.log && { log: deps.log.child({ account: id }) }),
      ...(deps.timeoutMs !== undefined && { timeoutMs: deps.timeoutMs }),
    });
  };
  const client = (id: string): ServiceClient => {
    const record = live(look(id));
    // The detected form is not part of the key: the client that detected it already uses it.
    const key = JSON.stringify([record.authUrl, record.baseUrl, record.clientId, record.authScheme]);
    const cached = clients.get(id);
    if (cached?.key === key) return cached.client;
    const plain = newClient(record, record.authUrl, record.baseUrl);
    const created = deps.watchClient ? deps.watchClient(id, plain) : plain;
    clients.set(id, { key, client: created });
    return created;
  };
  const signInChecks = createSignInChecks({
    keyOf(id) {
      const record = live(look(id));
      const { authUrl, baseUrl, clientId, authScheme } = record;
      return JSON.stringify([authUrl, baseUrl, clientId, authScheme, secretVersions.get(id) ?? 0]);
    },
    client,
    onChange(id) {
      deps.onChange(state());
      changed(id);
    },
  });

  return {
    state,
    activeId: () => peek().activeId,
    client,
    pace: paces.pace,
    onPace: paces.onPace,
    sharePaces: paces.sharePaces,

    async save(input) {
      const existing = input.id ? find(input.id) : undefined;
      if (existing?.kind === 'sandbox') {
        // Only the name and the Authorization form of the built-in account can change.
        return update(existing.id, (r) => ({
          ...r,
          name: input.name,
          authScheme: input.authScheme ?? r.authScheme,
          marketplaceUrlPattern: input.marketplaceUrlPattern ?? r.marketplaceUrlPattern,
        }));
      }
      const record = serviceAccountFromInput(input, existing);
      // The secret goes to the keychain first: an account is never saved pointing at a lost secret.
      if (input.secret !== undefined) {
        await secrets.set(record.id, input.secret);
        withSecret.add(record.id);
        secretChanged(record.id);
      }
      const file = store.read();
      const accounts = existing
        ? file.accounts.map((a) => (a.id === record.id ? record : a))
        : [...file.accounts, record];
      store.write({ ...file, accounts });
      deps.onChange(state());
      changed(record.id);
      return view(record);
    },

    async remove(id) {
      const record = find(id);
      if (record.kind === 'sandbox') {
        throw new AppError('forbidden', mainI18n.t('errors:sandboxNotRemovable'));
      }
      await secrets.delete(id);
      withSecret.delete(id);
      clients.delete(id);
      signInChecks.forget(id);
      const file = store.read();
      const accounts = file.accounts.filter((a) => a.id !== id);
      store.write({ accounts, activeId: file.activeId === id ? SANDBOX_ACCOUNT_ID : file.activeId });
      const next = state();
      deps.onChange(next);
      return next;
    },

    select(id) {
      find(id);
      store.write({ ...store.read(), activeId: id });
      const next = state();
      deps.onChange(next);
      return next;
    },

    chooseIfFirst(id) {
      const record = find(id);
      const file = store.read();
      const activeId = record.kind === 'service' ? firstRealAccountInUse(file, id) : file.activeId;
      if (activeId !== file.activeId) {
        store.write({ ...file, activeId });
        deps.onChange(state());
      }
      return { chosen: activeId !== file.activeId, state: state() };
    },

    async setSecret(id, secret) {
      const record = find(id);
      if (record.kind === 'sandbox') throw new AppError('forbidden', mainI18n.t('errors:sandboxSecret'));
      await secrets.set(id, secret);
      withSecret.add(id);
      secretChanged(id);
      return update(id, (r) => r);
    },

    async deleteSecret(id) {
      const record = find(id);
      if (record.kind === 'sandbox') throw new AppError('forbidden', mainI18n.t('errors:sandboxSecret'));
      await secrets.delete(id);
      withSecret.delete(id);
      secretChanged(id);
      return update(id, (r) => r);
    },

    async dropSecrets() {
      const dropped: string[] = [];
      for (const record of store.read().accounts) {
        if (record.kind !== 'service') continue;
        // Asked of the keychain itself, not the set read at start: a secret put there since goes too.
        if (!withSecret.has(record.id) && (await secrets.get(record.id)) === undefined) continue;
        await secrets.delete(record.id);
        withSecret.delete(record.id);
        secretChanged(record.id);
        dropped.push(record.id);
      }
      if (dropped.length > 0) {
        deps.log?.info('accounts: client secrets removed from the keychain', { accounts: dropped });
        deps.onChange(state());
        for (const id of dropped) changed(id);
      }
      return dropped;
    },

    async test(id) {
      const record = live(find(id));
      // Each reading of the addresses gets its own client; the account's own one is used as it is.
      const own = client(id);
      const { result, keep } = await runConnectionTest(record, (authUrl, baseUrl) =>
        authUrl === record.authUrl && baseUrl === record.baseUrl
          ? own
          : newClient(live(find(id)), authUrl, baseUrl),
      );
      // The addresses that answered are kept (the sandbox's are filled in at run time anyway).
      if (keep && record.kind === 'service') update(id, (r) => ({ ...r, ...keep }));
      // A test is a sign-in check too: what it found holds for the account as it is now. A failure
      // found at another reading of the addresses says nothing of the account's own: it is checked anew.
      if (result.ok) signInChecks.remember(id, { ok: true, checkedAt: new Date().toISOString() });
      else if (!result.tried) signInChecks.remember(id, failedSignIn(result, new Date()));
      else signInChecks.forget(id);
      return result;
    },

    checkSignIn: (id, force) => signInChecks.check(id, force),

    noteSignInFailure(id, error) {
      signInChecks.remember(id, failedSignIn(error, new Date()));
    },

    onAccountChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async createImprint(accountId, content) {
      find(accountId);
      let uuid: string;
      try {
        ({ uuid } = await client(accountId).createImprint(content));
      } catch (error) {
        throw serviceAppError(error);
      }
      const imprint = { uuid, content, createdAt: new Date().toISOString() };
      // The first imprint becomes the default: publishing needs one, and there is no other choice yet.
      return update(accountId, (r) => ({
        ...r,
        imprints: [...r.imprints, imprint],
        defaultImprintUuid: r.defaultImprintUuid ?? uuid,
      }));
    },

    setDefaultImprint(accountId, uuid) {
      const record = find(accountId);
      if (uuid !== null && !record.imprints.some((i) => i.uuid === uuid)) {
        throw new AppError('not-found', mainI18n.t('errors:imprintNotOfAccount'));
      }
      return update(accountId, (r) => ({ ...r, defaultImprintUuid: uuid }));
    },

    setDefaults(accountId, defaults) {
      find(accountId);
      return update(accountId, (r) => ({ ...r, defaults }));
    },

    record: (id) => view(find(id)),

    mediaLimit: (id) => {
      const limit = look(id).mediaLimit;
      return limit ? { ...limit } : null;
    },

    setMediaLimit(id, limit) {
      const known = find(id).mediaLimit;
      if (known?.acceptedBytes === limit.acceptedBytes && known.refusedBytes === limit.refusedBytes) return;
      update(id, (r) => ({ ...r, mediaLimit: { ...limit } }));
    },
  };
}
