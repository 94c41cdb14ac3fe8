// Draft files that no longer parse (a disk fault, a hand edit, an older app's power cut), found at
// start rather than when the seller opens the draft. Opening the store trusts the index and reads
// only the drafts it may be wrong about, so that the list shows at once with 10,000 drafts; this
// pass then reads every draft file in the background and hands each one that does not parse to the
// store, which checks it again in its queue (a save may have replaced it meanwhile) and moves it
// aside as a problem.
import { readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import { parseStoredDraft } from '../../shared/domain/drafts';
import { draftFile, type DraftPaths } from './draft-files';
import type { DraftsStore } from './drafts-store';

// Few at a time: the seller's own saves and the list must not wait behind this pass.
const CONCURRENCY = 4;

function parses(text: string, id: string): boolean {
  try {
    return parseStoredDraft(JSON.parse(text)).id === id;
  } catch {
    return false;
  }
}

/** Reads every draft file once; resolves to the ids of those found unreadable (now moved aside). */
export async function checkDraftFiles(
  store: DraftsStore,
  paths: DraftPaths,
  signal?: AbortSignal,
): Promise<string[]> {
  const summaries = [...store.list(), ...store.listTrash()];
  const bad: string[] = [];
  const limit = pLimit(CONCURRENCY);
  const check = async ({ id, trashedAt }: (typeof summaries)[number]): Promise<void> => {
    if (signal?.aborted) return;
    const file = draftFile(trashedAt === null ? paths.drafts : paths.trash, id);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      // Gone or moved meanwhile (trashed, restored): the store finds out when it is next used.
      return;
    }
    if (parses(text, id) || signal?.aborted) return;
    // The store reads it again in its queue and moves it aside only if it still does not parse.
    const unreadable = await store.get(id).then(
      () => false,
      (error: unknown) => (error as { code?: string }).code === 'unreadable',
    );
    if (unreadable) bad.push(id);
  };
  await Promise.all(summaries.map((summary) => limit(check, summary)));
  return bad;
}
