// Drafts stored before every draft belonged to an account (issue 15.1) have `accountId: null`; such
// a draft used to go to whichever account was selected when it was published. At the first start
// of this version each one is given the account it was created under where the app recorded it
// (a publish job of the draft, or the account whose listing it is linked to), else the selected
// one. This runs ONCE: `account-upgrade.json` remembers it ran, and holds the note for the seller
// until dismissed. A draft without an account met later is left alone: the list names it "removed
// account" and the seller moves it.
import path from 'node:path';
import { z } from 'zod';
import type { AccountUpgradeNotice } from '../../shared/domain/drafts';
import { readJsonFile, writeFileAtomic } from './atomic-file';
import type { DraftsStore } from './drafts-store';

export const ACCOUNT_UPGRADE_FILE = 'account-upgrade.json';

const noticeSchema = z.object({
  accounts: z.array(z.object({ accountId: z.string(), count: z.int(), fromRecords: z.int() })),
  at: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), ranAt: z.string(), notice: noticeSchema.nullable() });
type UpgradeFile = z.infer<typeof fileSchema>;

export interface AccountUpgradeDeps {
  dataDir: string;
  store: Pick<DraftsStore, 'list' | 'listTrash' | 'get' | 'rewrite'>;
  /** The account the app recorded for a draft (its first publish job's, its listing's), if any. */
  recordedAccount(draftId: string, listingUuid: string | null): Promise<string | undefined>;
  /** The account selected now. */
  selectedId(): string;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  now?: () => Date;
}

export interface AccountUpgrade {
  /** How many drafts this start gave an account (0 once the upgrade ran before). */
  readonly assigned: number;
  /** What the seller is told, until dismissed. */
  notice(): AccountUpgradeNotice | null;
  /** Forgets the note; false when there was none. */
  dismiss(): Promise<boolean>;
}

/** Runs the upgrade unless it ran before; resolves to its note. */
export async function upgradeDraftAccounts(deps: AccountUpgradeDeps): Promise<AccountUpgrade> {
  const file = path.join(deps.dataDir, ACCOUNT_UPGRADE_FILE);
  const now = deps.now ?? (() => new Date());
  const read = await readJsonFile(file, (value) => fileSchema.parse(value));
  if (read.state === 'unreadable')
    deps.log.error(`${ACCOUNT_UPGRADE_FILE} did not parse; moved aside to ${read.movedAside}`);
  let state: UpgradeFile;
  let assigned = 0;
  if (read.state === 'ok') {
    state = read.value;
  } else {
    // Unreadable counts as not run: running again gives an account only to drafts still without one.
    const result = await assignAccounts(deps);
    assigned = result.assigned;
    const at = now().toISOString();
    state = { version: 1, ranAt: at, notice: assigned > 0 ? { accounts: result.accounts, at } : null };
    await writeFileAtomic(file, JSON.stringify(state));
    if (assigned > 0) deps.log.info(`Gave ${assigned} drafts stored without an account their account`);
  }
  return {
    assigned,
    notice: () => state.notice,
    async dismiss() {
      if (state.notice === null) return false;
      const next = { ...state, notice: null };
      await writeFileAtomic(file, JSON.stringify(next));
      state = next;
      return true;
    },
  };
}

async function assignAccounts(
  deps: AccountUpgradeDeps,
): Promise<{ assigned: number; accounts: AccountUpgradeNotice['accounts'] }> {
  const orphans = [...deps.store.list(), ...deps.store.listTrash()].filter((s) => s.accountId === null);
  const selected = deps.selectedId();
  const byAccount = new Map<string, { accountId: string; count: number; fromRecords: number }>();
  let assigned = 0;
  // One after another: the store writes one at a time anyway, and a failure names its draft.
  for (const { id } of orphans) {
    try {
      const draft = await deps.store.get(id);
      if (draft.accountId !== null) continue;
      const recorded = await deps.recordedAccount(id, draft.remote?.listingUuid ?? null);
      const accountId = recorded ?? selected;
      await deps.store.rewrite(id, (current) => ({ ...current, accountId: current.accountId ?? accountId }));
      const entry = byAccount.get(accountId) ?? { accountId, count: 0, fromRecords: 0 };
      entry.count += 1;
      if (recorded !== undefined) entry.fromRecords += 1;
      byAccount.set(accountId, entry);
      assigned += 1;
    } catch (error) {
      // An unreadable draft is moved aside by the store and shown as a problem of its own.
      deps.log.error(`Could not give draft ${id} its account`, error);
    }
  }
  return { assigned, accounts: [...byAccount.values()] };
}
