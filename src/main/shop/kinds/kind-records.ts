// Templates and accounts as shared items. A template is `<account id>/<template id>`; an account
// is its settings, defaults and imprints, never its secret (which is not in its record: each desk
// keeps it in its own keychain) and never the embedded Sandbox account, which stays per desk. An
// account another desk added shows here without a secret; the seller types it on this desk.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { draftTemplateSchema } from '../../../shared/domain/drafts';
import type { AccountsStore, AccountRecord } from '../../storage/accounts-store';
import { SANDBOX_ACCOUNT_ID } from '../../storage/accounts-store';
import type { TemplatesService } from '../../templates/templates-service';
import type { Outbox, ItemKind, ShopMergePort } from '../sync';

export const TEMPLATE_KIND = 'template';
export const ACCOUNT_KIND = 'account';

const splitTemplateId = (id: string): [string, string] => {
  const at = id.lastIndexOf('/');
  return [id.slice(0, at), id.slice(at + 1)];
};

/** The templates kind of the sync engine. */
export function templateItems(deps: {
  dataDir: string;
  templates: () => TemplatesService;
  merge: ShopMergePort;
}): ItemKind {
  return {
    kind: TEMPLATE_KIND,
    async read(id) {
      const [accountId, templateId] = splitTemplateId(id);
      return (await deps.templates().list(accountId)).find((t) => t.id === templateId);
    },
    async apply(id, make) {
      const [accountId, templateId] = splitTemplateId(id);
      await deps.templates().receive(accountId, templateId, (current) => {
        const next = make(current);
        return next === undefined ? undefined : draftTemplateSchema.parse(next);
      });
    },
    merge(base, mine, theirs, who) {
      if (mine === undefined || theirs === undefined) return mine ?? theirs;
      return deps.merge.record(base, mine, theirs, who);
    },
    async ids() {
      const folder = path.join(deps.dataDir, 'templates');
      const names = await readdir(folder).catch(() => [] as string[]);
      const ids: string[] = [];
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const accountId = decodeURIComponent(name.slice(0, -'.json'.length));
        for (const template of await deps.templates().list(accountId))
          ids.push(`${accountId}/${template.id}`);
      }
      return ids;
    },
  };
}

/** Marks each changed template in the outbox (the templates service's `willWrite`); returns "landed". */
export function markTemplates(outbox: Outbox) {
  return (accountId: string, before: readonly { id: string }[], after: readonly { id: string }[]) => {
    const old = new Map(before.map((t) => [t.id, JSON.stringify(t)]));
    const now = new Map(after.map((t) => [t.id, JSON.stringify(t)]));
    const landed = [...new Set([...old.keys(), ...now.keys()])]
      .filter((id) => old.get(id) !== now.get(id))
      .map((id) => outbox.mark(TEMPLATE_KIND, `${accountId}/${id}`));
    return () => {
      for (const land of landed) land();
    };
  };
}

const shared = (record: AccountRecord) => record.id !== SANDBOX_ACCOUNT_ID && record.kind !== 'sandbox';

/** The accounts store with every change of a shared account marked in the outbox before it is written. */
export function markedAccountsStore(store: AccountsStore, outbox: Outbox): AccountsStore {
  return {
    ...(store.movedAside !== undefined && { movedAside: store.movedAside }),
    read: () => store.read(),
    ...(store.peek && { peek: store.peek }),
    write(next) {
      const old = new Map(
        store
          .read()
          .accounts.filter(shared)
          .map((a) => [a.id, JSON.stringify(a)]),
      );
      const now = new Map(next.accounts.filter(shared).map((a) => [a.id, JSON.stringify(a)]));
      const landed = [...new Set([...old.keys(), ...now.keys()])]
        .filter((id) => old.get(id) !== now.get(id))
        .map((id) => outbox.mark(ACCOUNT_KIND, id));
      try {
        store.write(next);
      } finally {
        for (const land of landed) land();
      }
    },
  };
}

/** The accounts kind: `store` is the one without marks; `onChanged` raises `accounts:changed`. */
export function accountItems(deps: {
  store: AccountsStore;
  merge: ShopMergePort;
  onChanged: () => void;
}): ItemKind {
  const { store } = deps;
  return {
    kind: ACCOUNT_KIND,
    async read(id) {
      return store.read().accounts.find((a) => a.id === id && shared(a));
    },
    async apply(id, make) {
      if (id === SANDBOX_ACCOUNT_ID) return;
      const file = store.read();
      const current = file.accounts.find((a) => a.id === id);
      const made = make(current);
      // The store checks the record's shape when it writes it.
      const next =
        made === undefined ? undefined : { ...(made as AccountRecord), id, kind: 'service' as const };
      const accounts = next
        ? current
          ? file.accounts.map((a) => (a.id === id ? next : a))
          : [...file.accounts, next]
        : file.accounts.filter((a) => a.id !== id);
      // Which account is selected is this desk's own: only an account gone elsewhere changes it.
      const activeId = accounts.some((a) => a.id === file.activeId) ? file.activeId : SANDBOX_ACCOUNT_ID;
      store.write({ accounts, activeId });
      deps.onChanged();
    },
    merge(base, mine, theirs, who) {
      if (mine === undefined || theirs === undefined) return mine ?? theirs;
      return deps.merge.record(base, mine, theirs, who);
    },
    async ids() {
      return store
        .read()
        .accounts.filter(shared)
        .map((a) => a.id);
    },
  };
}
