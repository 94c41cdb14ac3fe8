// Draft templates kept per account: one JSON file per account under `templates/` in the data folder,
// written atomically. A file that does not parse is moved aside and named, never silently reset.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Draft, DraftInit } from '../../shared/domain/drafts';
import {
  TEMPLATES_VERSION,
  applyTemplate,
  sortTemplates,
  templateFromDraft,
  templatesFileSchema,
  type DraftTemplate,
} from '../../shared/domain/drafts';
import type { PriceRule } from '../../shared/domain/price-rules';
import type { AccountView } from '../../shared/ipc/types';
import { draftInitFromDefaults } from '../drafts/drafts-service';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { createSerialQueue } from '../storage/serial-queue';

export interface TemplatesServiceDeps {
  dataDir: string;
  /** A stored draft (throws when there is none). */
  getDraft(id: string): Promise<Draft>;
  /** Stores a new draft started from `init` (and tells the renderer). */
  createDraft(init: DraftInit): Promise<Draft>;
  /** An account by id, or undefined when there is none. */
  account(id: string): AccountView | undefined;
  /** The selected account's id (a draft without an account saves its template there). */
  activeId(): string;
  /** A templates file that did not parse was moved aside. */
  onProblem?(movedAside: string): void;
  log: { error(message: string, error?: unknown): void };
  now?: () => Date;
  /**
   * Told of each change before it is written (the shop's outbox marks it: issue 24); what it
   * returns is called once the write has landed or failed.
   */
  willWrite?(
    accountId: string,
    before: readonly DraftTemplate[],
    after: readonly DraftTemplate[],
  ): () => void;
}

export interface TemplatesService {
  /** An account's templates by name (absent: the selected account's). */
  list(accountId?: string): Promise<DraftTemplate[]>;
  /** Saves the draft's shared fields as a template of the draft's account. */
  save(draftId: string, name: string): Promise<DraftTemplate>;
  rename(accountId: string, id: string, name: string): Promise<DraftTemplate>;
  /** Sets (null: removes) the price rule drafts made from the template get (issue 25.5). */
  setPriceRule(accountId: string, id: string, rule: PriceRule | null): Promise<DraftTemplate>;
  remove(accountId: string, id: string): Promise<{ done: boolean }>;
  /** A template by id (throws 'not-found'). */
  get(accountId: string, id: string): Promise<DraftTemplate>;
  /** A new draft of the template's account: the account's defaults, then the template over them. */
  newDraft(accountId: string, id: string): Promise<Draft>;
  /**
   * Shop sync: puts a template as another desk has it; `make` gets it as stored here and returns
   * what to keep (undefined: none). Not told to `willWrite`: it came from the shop.
   */
  receive(
    accountId: string,
    id: string,
    make: (current: DraftTemplate | undefined) => DraftTemplate | undefined,
  ): Promise<void>;
}

/** Opens the templates kept under `dataDir/templates`. */
export function createTemplatesService(deps: TemplatesServiceDeps): TemplatesService {
  const folder = path.join(deps.dataDir, 'templates');
  const queue = createSerialQueue();
  const now = deps.now ?? (() => new Date());
  // Account ids are checked segments (contract); encoded all the same, as they become file names.
  const fileOf = (accountId: string) => path.join(folder, `${encodeURIComponent(accountId)}.json`);

  async function read(accountId: string): Promise<DraftTemplate[]> {
    const result = await readJsonFile(fileOf(accountId), (value) => templatesFileSchema.parse(value));
    if (result.state === 'ok') return result.value.templates;
    if (result.state === 'unreadable') {
      deps.log.error(`A templates file did not parse; moved aside to ${result.movedAside}`);
      deps.onProblem?.(result.movedAside);
    }
    return [];
  }

  async function write(accountId: string, templates: DraftTemplate[]): Promise<void> {
    const file = { version: TEMPLATES_VERSION, templates };
    await writeFileAtomic(fileOf(accountId), `${JSON.stringify(file, null, 2)}\n`);
  }

  function knownAccount(accountId: string): AccountView {
    const account = deps.account(accountId);
    if (!account) throw new AppError('not-found', mainI18n.t('errors:templateAccountGone'));
    return account;
  }

  /** Runs `change` on an account's templates, one change at a time. */
  function change<T>(accountId: string, run: (templates: DraftTemplate[]) => T | Promise<T>): Promise<T> {
    return queue.run(async () => {
      const templates = await read(accountId);
      const before = [...templates];
      const result = await run(templates);
      const landed = deps.willWrite?.(accountId, before, templates);
      try {
        await write(accountId, templates);
      } finally {
        landed?.();
      }
      return result;
    });
  }

  const notFound = () => new AppError('not-found', mainI18n.t('errors:templateGone'));

  async function get(accountId: string, id: string): Promise<DraftTemplate> {
    const found = (await queue.run(() => read(accountId))).find((t) => t.id === id);
    if (!found) throw notFound();
    return found;
  }

  return {
    list: async (accountId) => sortTemplates(await queue.run(() => read(accountId ?? deps.activeId()))),

    async save(draftId, name) {
      const draft = await deps.getDraft(draftId);
      const accountId = draft.accountId ?? deps.activeId();
      knownAccount(accountId);
      return change(accountId, (templates) => {
        const template = templateFromDraft(draft, { id: randomUUID(), name, accountId, now: now() });
        templates.push(template);
        return template;
      });
    },

    rename: (accountId, id, name) =>
      change(accountId, (templates) => {
        const index = templates.findIndex((t) => t.id === id);
        if (index < 0) throw notFound();
        const renamed = { ...templates[index]!, name: name.trim(), updatedAt: now().toISOString() };
        templates[index] = renamed;
        return renamed;
      }),

    setPriceRule: (accountId, id, rule) =>
      change(accountId, (templates) => {
        const index = templates.findIndex((t) => t.id === id);
        if (index < 0) throw notFound();
        const changed = { ...templates[index]!, priceRule: rule, updatedAt: now().toISOString() };
        templates[index] = changed;
        return changed;
      }),

    remove: (accountId, id) =>
      change(accountId, (templates) => {
        const index = templates.findIndex((t) => t.id === id);
        if (index >= 0) templates.splice(index, 1);
        return { done: index >= 0 };
      }),

    get,

    receive: (accountId, id, make) =>
      queue.run(async () => {
        const templates = await read(accountId);
        const index = templates.findIndex((t) => t.id === id);
        const next = make(index >= 0 ? templates[index] : undefined);
        if (next && index >= 0) templates[index] = next;
        else if (next) templates.push(next);
        else if (index >= 0) templates.splice(index, 1);
        else return;
        await write(accountId, templates);
      }),

    async newDraft(accountId, id) {
      const template = await get(accountId, id);
      const start = draftInitFromDefaults(knownAccount(accountId));
      return deps.createDraft(applyTemplate(start, template));
    },
  };
}
