// Child process of atomic-kill.test.ts: opens the drafts store in the folder given as argument and
// saves drafts in a tight loop (with a move to the trash and back now and then) until it is killed.
// After each save resolves it prints `saved <id> <n>`, so the parent knows what was acknowledged.
// Arguments: <dataDir> [first n] [concurrent: a chain of saves per draft, all at once].
import { openDraftsStore } from '../../../src/main/storage/drafts-store';
import { sampleDraft } from '../../fixtures/drafts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: save-loop.ts <dataDir>');

const store = await openDraftsStore(dataDir, {
  log: { info: () => undefined, error: (message) => process.stderr.write(`${message}\n`) },
  // Rewrites the index often, so that kills land in the middle of that too.
  compactAfter: 15,
});
while (store.list().length < 4) await store.create();
process.stdout.write('ready\n');

const ids = store.list().map((summary) => summary.id);
let next = Number(process.argv[3] ?? 0);
/** Saves the drafts of `mine` in turn until killed; several such chains run at once when asked. */
async function chain(mine: string[]): Promise<never> {
  for (;;) {
    const n = next++;
    const id = mine[n % mine.length]!;
    // Files of varying size (up to ~400 kB) so that a kill often lands inside a write.
    const description = `${n} `.repeat(1 + Math.floor(Math.random() * 100_000));
    await store.save({ ...sampleDraft(id, {}, 8), title: `title ${n}`, description });
    process.stdout.write(`saved ${id} ${n}\n`);
    if (n % 10 === 5) {
      await store.trash([id]);
      await store.restore([id]);
    }
  }
}
// 'concurrent': one chain per draft, all at once, so that saves are committed in groups.
if (process.argv[4] === 'concurrent') await Promise.all(ids.map((id) => chain([id])));
else await chain(ids);
