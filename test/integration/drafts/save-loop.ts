// Child process of atomic-kill.test.ts: opens the drafts store in the folder given as argument and
// saves drafts in a tight loop (with a move to the trash and back now and then) until it is killed.
// After each save resolves it prints `saved <id> <n>`, so the parent knows what was acknowledged.
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
for (let n = Number(process.argv[3] ?? 0); ; n++) {
  const id = ids[n % ids.length]!;
  // Files of varying size (up to ~400 kB) so that a kill often lands inside a write.
  const description = `${n} `.repeat(1 + Math.floor(Math.random() * 100_000));
  await store.save({ ...sampleDraft(id, {}, 8), title: `title ${n}`, description });
  process.stdout.write(`saved ${id} ${n}\n`);
  if (n % 10 === 5) {
    await store.trash([id]);
    await store.restore([id]);
  }
}
