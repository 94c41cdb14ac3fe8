// What each row of an import does given what already exists (issue 23.2/23.3): a reference that a
// draft of the account has updates that draft (or leaves it, unchanged); one that only a live ad
// has is compared with the ad; rows without a reference that match a draft's title and price are
// possible duplicates; and every row shows whether the draft it leaves would be ready to publish.
import path from 'node:path';
import pLimit from 'p-limit';
import type { Draft, DraftInit } from '../../shared/domain/drafts';
import type { ImportProblem, ImportRowPreview } from '../../shared/domain/tables';
import {
  applyChanges,
  draftChanges,
  listingChanges,
  photoChange,
  readinessOfNew,
  readinessProblems,
  sameValue,
  type RowFields,
} from '../../shared/domain/tables';
import type { DraftSummary, DraftTemplate } from '../../shared/domain/drafts';
import type { AccountView, ListingView } from '../../shared/ipc/types';
import type { DraftsStore } from '../storage/drafts-store';
import { draftInitOf } from './draft-start';

/** A row as read from the source, before it is compared with what exists. */
export type ReadRow = Pick<ImportRowPreview, 'index' | 'file' | 'draft' | 'problems'> & {
  /** The category cell as written. */
  categoryCell?: string;
  /** The shop category as named when no mapping serves it. */
  unmappedCategory?: string;
};

export interface PlanContext {
  account: AccountView;
  template?: DraftTemplate | undefined;
  store: Pick<DraftsStore, 'list' | 'get'>;
  /** The account's live listings as the app last read them. */
  listings: readonly ListingView[];
  /** The data folder: a row may name a draft's own stored photo (an exported draft, imported again). */
  dataDir: string;
}

const READ_AHEAD = 8;
// Statuses of drafts that may carry a link to a live ad (a draft or ready one has none).
const LINKED = new Set(['publishing', 'published', 'failed', 'ended']);

const rowFields = (row: ReadRow): RowFields => {
  const { photos: _photos, ...fields } = row.draft;
  return fields;
};

const errorIn = (problems: readonly ImportProblem[]) => problems.some((p) => p.severity === 'error');

/** Every row with its action, the draft or ad it matches, its changes and its readiness. */
export async function planRows(rows: readonly ReadRow[], ctx: PlanContext): Promise<ImportRowPreview[]> {
  const { account, store } = ctx;
  const mine = store.list().filter((s) => s.accountId === account.id);
  const byReference = group(mine, (s) => s.customReference);
  const byTitle = group(mine, (s) => s.title || null);
  const liveByReference = group([...ctx.listings], (l) => l.customReference?.trim() || null);
  const inFile = group([...rows], (r) => r.draft.customReference?.trim() || null);
  // The drafts rows may match, read ahead a few at a time (one file each; in row order they cost
  // one disk wait per row).
  const wanted = new Set<string>();
  for (const row of rows) {
    const reference = row.draft.customReference?.trim() || null;
    const candidates =
      reference !== null
        ? byReference.get(reference)
        : byTitle.get((row.draft.title ?? '').trim().slice(0, 300));
    for (const summary of candidates ?? []) wanted.add(summary.id);
  }
  const limit = pLimit(READ_AHEAD);
  const read = new Map([...wanted].map((id) => [id, limit(() => store.get(id))] as const));
  // A read that failed is asked again where it is needed, so its error is the row's to meet.
  for (const pending of read.values()) pending.catch(() => undefined);
  const get = (id: string) => read.get(id) ?? store.get(id);
  let linkedDrafts: Promise<Map<string, Draft>> | undefined;
  // Read only when a live ad matches: the drafts that may be linked to one, by listing uuid.
  const linkedTo = async (uuid: string) => {
    linkedDrafts ??= (async () => {
      const map = new Map<string, Draft>();
      for (const summary of mine.filter((s) => LINKED.has(s.status))) {
        const draft = await store.get(summary.id).catch(() => null);
        if (draft?.remote?.listingUuid) map.set(draft.remote.listingUuid, draft);
      }
      return map;
    })();
    return (await linkedDrafts).get(uuid);
  };

  const planned: ImportRowPreview[] = [];
  for (const row of rows) {
    const problems = [...row.problems];
    const reference = row.draft.customReference?.trim() || null;
    const init = draftInitOf(account, row.draft, ctx.template);
    const fields = rowFields(row);
    const names = row.draft.photos.map((file) => path.basename(file));
    const others = reference === null ? [] : (inFile.get(reference) ?? []).filter((r) => r !== row);
    if (others.length > 0)
      problems.push({
        code: 'reference-twice',
        severity: 'error',
        field: 'reference',
        value: reference!,
        rows: others.map((r) => r.index),
      });
    const done = (rest: Omit<ImportRowPreview, 'index' | 'draft' | 'problems' | 'ok' | 'file'>) => {
      const ok = !errorIn(problems);
      planned.push({
        index: row.index,
        ...(row.file !== undefined && { file: row.file }),
        draft: row.draft,
        problems,
        ok,
        ...rest,
        ...(!ok && { action: 'refused' as const, ready: false }),
      });
    };
    if (errorIn(problems)) {
      done({ action: 'refused', ready: false });
      continue;
    }
    // An update of an existing draft: what changes, and what the draft then lacks.
    const update = (draft: Draft, via: 'reference' | 'live') => {
      if (draft.status === 'publishing') {
        problems.push({ code: 'draft-busy', severity: 'error', value: draft.title });
        return done({
          action: 'refused',
          ready: false,
          match: { via, draftId: draft.id, title: draft.title },
        });
      }
      const changes = draftChanges(draft, init, fields);
      // A photo file of this very draft (as an export names it) is that photo, under its own name.
      const stored = new Map(draft.photos.map((p) => [path.join(ctx.dataDir, p.file), p.originalName]));
      const photos = photoChange(
        draft.photos.map((p) => p.originalName),
        row.draft.photos.map((file) => stored.get(file) ?? path.basename(file)),
      );
      if (photos) changes.push(photos);
      const after = applyChanges(draft, init, changes);
      const readiness = readinessProblems(after, photos ? names.length : draft.photos.length);
      problems.push(...readiness);
      done({
        action: changes.length === 0 ? 'unchanged' : 'update',
        match: {
          via,
          draftId: draft.id,
          title: draft.title,
          ...(draft.remote?.listingUuid && { listingUuid: draft.remote.listingUuid }),
        },
        ...(changes.length > 0 && { changes }),
        ready: readiness.length === 0,
      });
    };

    if (reference !== null) {
      const drafts = byReference.get(reference) ?? [];
      if (drafts.length > 1) {
        problems.push({
          code: 'reference-ambiguous',
          severity: 'error',
          field: 'reference',
          value: reference,
          names: drafts.map((d) => d.title),
        });
        done({ action: 'refused', ready: false });
        continue;
      }
      if (drafts.length === 1) {
        update(await get(drafts[0]!.id), 'reference');
        continue;
      }
      const live = liveByReference.get(reference)?.[0];
      if (live) {
        const linked = await linkedTo(live.uuid);
        if (linked) {
          update(linked, 'live');
          continue;
        }
        // No draft here carries this ad: a new draft would publish it a second time.
        const changes = listingChanges(live, init, fields);
        const match = { via: 'live' as const, listingUuid: live.uuid, title: live.title };
        if (changes.length > 0)
          problems.push({
            code: 'live-without-draft',
            severity: 'error',
            value: reference,
            names: [live.title],
          });
        done({
          action: changes.length > 0 ? 'refused' : 'unchanged',
          match,
          changes,
          ready: changes.length === 0,
        });
        continue;
      }
    } else {
      const duplicate = await sameTitleAndPrice(byTitle, get, init);
      if (duplicate) {
        const readiness = readinessOfNew(init, names.length);
        problems.push(...readiness);
        done({
          action: 'duplicate',
          match: { via: 'title-price', draftId: duplicate.id, title: duplicate.title },
          ready: readiness.length === 0,
        });
        continue;
      }
    }
    const readiness = readinessOfNew(init, names.length);
    problems.push(...readiness);
    done({ action: 'create', ready: readiness.length === 0 });
  }
  return planned;
}

/** A draft of the account with exactly the row's title and price, if there is one. */
async function sameTitleAndPrice(
  byTitle: Map<string, DraftSummary[]>,
  get: (id: string) => Promise<Draft>,
  init: DraftInit,
): Promise<Draft | undefined> {
  const title = init.title?.trim() ?? '';
  // The summary holds the title cut to its first 300 characters; the draft itself is compared.
  for (const summary of byTitle.get(title.slice(0, 300)) ?? []) {
    const draft = await get(summary.id).catch(() => null);
    if (
      draft?.title.trim() === title &&
      sameValue('price.amount', draft.price.amount, init.price?.amount ?? null)
    )
      return draft;
  }
  return undefined;
}

function group<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
