// The accounts file (`accounts.json` in the data folder): every account but its secret, which lives
// in the SecretStore, and which account is active. The embedded sandbox's account is always there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { accountDefaultsSchema } from '../../shared/ipc/contract';
import type { AccountDefaults } from '../../shared/ipc/types';
import { moveAsideSync, openStore, type KeyValueStore, type StoreFactory } from './store-factory';

/** Defaults of an account nobody has filled in yet. */
export function emptyAccountDefaults(): AccountDefaults {
  return {
    email: '',
    phoneNumber: '',
    contactPerson: '',
    street: '',
    city: '',
    district: '',
    postalCode: '',
    availabilityRadiusInKm: '',
    descriptionFooter: '',
  };
}

export const SANDBOX_ACCOUNT_ID = 'sandbox';

const imprintRecord = z.object({ uuid: z.string(), content: z.string(), createdAt: z.string() });

// Files written before the Automatic setting existed hold 'bearer' for every account the seller did
// not change: it was the default, and the form offered no other way to say "I don't know". Such an
// account becomes Automatic (which still tries Bearer first, so a service that took Bearer keeps
// working); 'bare' was always a choice and stays. A record with `detectedAuthForm` is already new.
function migrateAuthScheme(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || 'detectedAuthForm' in raw) return raw;
  const record = raw as Record<string, unknown>;
  return {
    ...record,
    authScheme: record.authScheme === 'bearer' ? 'auto' : record.authScheme,
    detectedAuthForm: null,
  };
}

const accountFields = z.object({
  id: z.string().min(1),
  name: z.string(),
  kind: z.enum(['sandbox', 'service']),
  // Empty for the sandbox: its addresses are known only once it runs.
  authUrl: z.string(),
  baseUrl: z.string(),
  clientId: z.string(),
  authScheme: z.enum(['auto', 'bearer', 'bare']),
  // Under 'auto': the form the service accepted last (see migrateAuthScheme for older files).
  detectedAuthForm: z.enum(['bearer', 'bare']).nullable(),
  imprints: z.array(imprintRecord),
  defaultImprintUuid: z.string().nullable(),
  // Added after the first files were written: older files get empty defaults.
  defaults: accountDefaultsSchema.default(emptyAccountDefaults),
  // The photo sizes the service attached and refused with 413 (media/shrink.ts): later photos are
  // made to fit before they are sent.
  mediaLimit: z
    .object({ acceptedBytes: z.number().nullable(), refusedBytes: z.number().nullable() })
    .optional(),
  // Issue 15: where an ad is seen on the marketplace, with `{adId}`; absent or empty: no link.
  marketplaceUrlPattern: z.string().optional(),
});
const accountRecord = z.preprocess(migrateAuthScheme, accountFields);
export type AccountRecord = z.infer<typeof accountFields>;

const accountsFile = z.object({ accounts: z.array(accountRecord), activeId: z.string() });
type AccountsFile = z.infer<typeof accountsFile>;

export function sandboxRecord(): AccountRecord {
  return {
    id: SANDBOX_ACCOUNT_ID,
    name: 'Sandbox',
    kind: 'sandbox',
    authUrl: '',
    baseUrl: '',
    clientId: '',
    authScheme: 'auto',
    detectedAuthForm: null,
    imprints: [],
    defaultImprintUuid: null,
    defaults: emptyAccountDefaults(),
  };
}

export interface AccountsStore {
  /** The file as it is, a copy the caller may change. */
  read(): AccountsFile;
  /** The file as it is, not to be changed (no copy: for look-ups made per call to the service). */
  peek?(): Readonly<AccountsFile>;
  write(next: AccountsFile): void;
  /** Set when the file did not parse or did not match the expected shape and was moved aside. */
  readonly movedAside?: string;
}

/** Opens the accounts file; an unreadable one is moved aside and a fresh one (Sandbox only) begins. */
export function openAccountsStore(
  factory: StoreFactory,
  dataDir: string,
  now = () => new Date(),
): AccountsStore {
  const options = {
    name: 'accounts',
    cwd: dataDir,
    defaults: { accounts: [sandboxRecord()], activeId: SANDBOX_ACCOUNT_ID } as AccountsFile &
      Record<string, unknown>,
  };
  const opened = openStore(factory, options, now);
  let store: KeyValueStore<AccountsFile & Record<string, unknown>> = opened.store;
  let movedAside = opened.movedAside;
  if (!accountsFile.safeParse(store.store).success) {
    const file = path.join(dataDir, 'accounts.json');
    if (existsSync(file)) movedAside = moveAsideSync(file, now());
    store = openStore(factory, options, now).store;
  }
  // The file as last read or written: the data folder is this process's alone (take-data-folder),
  // so only `write` changes it. Read from disk once, not at every look-up (conf reads the file anew
  // at each access of its store: a feed's run asks for an account per ad).
  let known: AccountsFile | undefined;
  const load = (): AccountsFile => {
    const value = accountsFile.parse(store.store);
    // The sandbox account cannot be removed; it comes back if a hand-edited file lost it.
    if (!value.accounts.some((a) => a.id === SANDBOX_ACCOUNT_ID)) value.accounts.unshift(sandboxRecord());
    if (!value.accounts.some((a) => a.id === value.activeId)) value.activeId = SANDBOX_ACCOUNT_ID;
    return value;
  };
  return {
    movedAside,
    // A copy each time: callers change what they read before they write it.
    read: () => structuredClone((known ??= load())),
    peek: () => (known ??= load()),
    write(next) {
      // Read again after a write (also one that failed half-way: the file says what holds).
      known = undefined;
      store.set('accounts', accountsFile.shape.accounts.parse(next.accounts));
      store.set('activeId', next.activeId);
    },
  };
}
