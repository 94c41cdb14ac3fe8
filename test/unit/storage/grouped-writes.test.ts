// Grouped writes of a file: every caller is answered only after a write that began after
// its call, and callers that overlap a write share the next one.
import { describe, expect, it, vi } from 'vitest';
import { groupedWrites } from '../../../src/main/storage/grouped-writes';

/** A write that waits for the test to finish it; `wrote` is the value when it began. */
function gatedWriter() {
  let value = 0;
  const writes: { wrote: number; finish(): void; fail(error: Error): void }[] = [];
  const write = () =>
    new Promise<void>((resolve, reject) => {
      writes.push({ wrote: value, finish: resolve, fail: reject });
    });
  return {
    writes,
    write,
    set: (v: number) => (value = v),
  };
}

describe('groupedWrites', () => {
  it('answers each caller after a write that began after its call, one write for overlapping callers', async () => {
    const w = gatedWriter();
    const written = groupedWrites(w.write);
    const answered: string[] = [];
    w.set(1);
    const a = written().then(() => answered.push('a'));
    w.set(2);
    const b = written().then(() => answered.push('b'));
    w.set(3);
    const c = written().then(() => answered.push('c'));
    expect(w.writes.map((x) => x.wrote)).toEqual([1]);
    w.writes[0]!.finish();
    await a;
    // b and c changed the value after the first write began: they wait for the second, shared one.
    await vi.waitFor(() => expect(w.writes).toHaveLength(2));
    expect(answered).toEqual(['a']);
    expect(w.writes[1]!.wrote).toBe(3);
    w.writes[1]!.finish();
    await Promise.all([b, c]);
    expect(answered).toEqual(['a', 'b', 'c']);
    expect(w.writes).toHaveLength(2);
  });

  it('passes a failed write to its callers, and writes again for the next one', async () => {
    const w = gatedWriter();
    const written = groupedWrites(w.write);
    const first = written();
    w.writes[0]!.fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    const again = written();
    expect(w.writes).toHaveLength(2);
    w.writes[1]!.finish();
    await expect(again).resolves.toBeUndefined();
  });
});
