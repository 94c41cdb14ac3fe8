// Drafts as shared items: the body is the draft as stored (every field, its account, its photos in
// order, the publish engine's state), when it went to the trash, and the content hash of each of
// its photo files. Another desk's draft is put through the drafts store's `receive` and the
// window is told with the same `drafts:changed` event a local save raises.
import { z } from 'zod';
import { draftSchema, type Draft } from '../../../shared/domain/drafts';
import type { DraftsStore, ReceivedDraft } from '../../storage/drafts-store';
import type { PhotoSync } from '../photos';
import type { ItemKind, MergeSides, ShopMergePort } from '../sync';
import type { ChangeAuthors } from '../../ports/change-authors';

export const DRAFT_KIND = 'draft';

const bodySchema = z.object({
  draft: draftSchema,
  trashedAt: z.string().nullable(),
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type DraftBody = z.infer<typeof bodySchema>;

const asBody = (value: unknown): DraftBody | undefined =>
  value === undefined ? undefined : bodySchema.parse(value);

/** The files of a draft's photos (each photo and its thumbnail). */
const filesOf = (draft: Draft) => draft.photos.flatMap((photo) => [photo.file, photo.thumb]);

export interface DraftItemsDeps {
  /** The store without the outbox's marks: what is applied here came from the shop. */
  store: DraftsStore;
  photos: PhotoSync;
  merge: ShopMergePort;
  /** The hashes the shop knows of this draft's files (its base), for files not fetched yet. */
  knownFiles(id: string): Promise<Record<string, string>>;
  onChanged(ids: string[]): void;
  /** Told which desk made each field it applies, so a save crossing it names that desk (issue 32.1). */
  authors?: Pick<ChangeAuthors, 'note'>;
}

export interface DraftItems extends ItemKind {
  /** Fetches every photo a draft here names but this desk lacks (a fetch a quit cut short). */
  fetchMissingPhotos(): Promise<void>;
}

/** The drafts kind of the sync engine. */
export function draftItems(deps: DraftItemsDeps): DraftItems {
  const { store, photos, merge } = deps;
  const entryOf = (id: string) =>
    store.list().find((e) => e.id === id) ?? store.listTrash().find((e) => e.id === id);

  // The sha-256 of each of the draft's files: this desk's copy, else what the shop knows of it.
  const filesHere = async (draft: Draft) => {
    const known = await deps.knownFiles(draft.id);
    const files: Record<string, string> = {};
    for (const file of filesOf(draft)) {
      const hash = (await photos.hashOf(file)) ?? known[file];
      if (hash) files[file] = hash;
    }
    return files;
  };

  return {
    kind: DRAFT_KIND,
    async read(id) {
      const entry = entryOf(id);
      if (!entry) return undefined;
      const draft = await store.get(id).catch(() => undefined);
      if (!draft) return undefined;
      return { draft, trashedAt: entry.trashedAt, files: await filesHere(draft) } satisfies DraftBody;
    },
    async apply(id, make, by) {
      let applied: DraftBody | undefined;
      // The merge knows the same file added on two desks by its content: this desk's hashes.
      const before = await store.get(id).catch(() => undefined);
      const files = before ? await filesHere(before) : {};
      const took: { was?: Draft; now?: Draft } = {};
      await store.receive(id, (current) => {
        const here = current && { ...current, files };
        applied = asBody(make(here));
        [took.was, took.now] = [current?.draft, applied?.draft];
        return applied && ({ draft: applied.draft, trashedAt: applied.trashedAt } satisfies ReceivedDraft);
      });
      if (by && took.now) deps.authors?.note(took.was, took.now, by);
      deps.onChanged([id]);
    },
    merge(base, mine, theirs, who: MergeSides) {
      const [b, m, t] = [asBody(base), asBody(mine), asBody(theirs)];
      if (!m && !t) return undefined;
      // An edit against a deletion brings the draft back, with a note of who deleted it.
      if (!t) return { ...m!, trashedAt: null, draft: merge.restoreAfterDelete(m!.draft, who.theirs) };
      if (!m) return { ...t, trashedAt: null, draft: merge.restoreAfterDelete(t.draft, who.mine) };
      const trashedAt = m.trashedAt !== (b?.trashedAt ?? null) ? m.trashedAt : t.trashedAt;
      return {
        draft: merge.draft(
          b?.draft,
          m.draft,
          t.draft,
          who,
          (photo) => m.files[photo.file] ?? t.files[photo.file],
        ),
        trashedAt,
        files: { ...t.files, ...m.files },
      } satisfies DraftBody;
    },
    async ids() {
      return [...store.list(), ...store.listTrash()].map((entry) => entry.id);
    },
    async beforeSend(body) {
      const parsed = asBody(body);
      if (parsed) await photos.send(parsed.files);
    },
    async sendAhead(ids) {
      const files: Record<string, string> = {};
      for (const id of ids) Object.assign(files, asBody(await this.read(id))?.files);
      await photos.send(files);
    },
    async fetchMissingPhotos() {
      for (const entry of [...store.list(), ...store.listTrash()]) {
        const draft = await store.get(entry.id).catch(() => undefined);
        if (!draft) continue;
        const known = await deps.knownFiles(entry.id);
        const missing: Record<string, string> = {};
        for (const file of filesOf(draft))
          if (known[file] && (await photos.hashOf(file)) === undefined) missing[file] = known[file];
        if (Object.keys(missing).length > 0) photos.fetch(missing, () => deps.onChanged([entry.id]));
      }
    },
    afterApply(id, body) {
      const parsed = asBody(body);
      if (!parsed) return;
      const wanted = new Set(filesOf(parsed.draft));
      const files = Object.fromEntries(Object.entries(parsed.files).filter(([file]) => wanted.has(file)));
      photos.fetch(files, () => deps.onChanged([id]));
    },
  };
}
