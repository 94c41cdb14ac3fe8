// The editor's autosave: one save in flight at a time, the newest text sent after it, nothing
// lost, a failure reported and retried; and what it sends is exactly the contract's fields.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftFieldsSchema, newDraft } from '../../../src/shared/domain/drafts/draft';
import { attributesOf, duplicateRowIds, rowsOf } from '../../../src/renderer/store/attribute-rows';
import { createAutosave, type SaveStatus } from '../../../src/renderer/store/draft-autosave';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';

interface Pending {
  value: string;
  resolve(answer: string): void;
  reject(error: Error): void;
}

/** An autosave whose saves wait until the test answers them. */
function harness() {
  const sent: Pending[] = [];
  const answers: Array<{ answer: string; current: boolean }> = [];
  const statuses: SaveStatus['state'][] = [];
  const autosave = createAutosave<string, string>({
    delayMs: 400,
    save: (value) =>
      new Promise<string>((resolve, reject) => {
        sent.push({ value, resolve, reject });
      }),
    onSaved: (answer, current) => answers.push({ answer, current }),
    onStatus: (status) => statuses.push(status.state),
  });
  return { autosave, sent, answers, statuses };
}

describe('draft autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, 400 ms after the last change', async () => {
    const { autosave, sent } = harness();
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(300);
    autosave.change('ab');
    await vi.advanceTimersByTimeAsync(300);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((s) => s.value)).toEqual(['ab']);
  });

  it('keeps one save in flight; the newest text goes after it, and the older answer is marked stale', async () => {
    const { autosave, sent, answers, statuses } = harness();
    autosave.change('first');
    await vi.advanceTimersByTimeAsync(400);
    autosave.change('second');
    autosave.change('third');
    await vi.advanceTimersByTimeAsync(400);
    expect(sent.map((s) => s.value)).toEqual(['first']);
    expect(autosave.dirty).toBe(true);

    sent[0]?.resolve('saved first');
    await vi.advanceTimersByTimeAsync(0);
    expect(answers).toEqual([{ answer: 'saved first', current: false }]);
    expect(sent.map((s) => s.value)).toEqual(['first', 'third']);

    sent[1]?.resolve('saved third');
    await vi.advanceTimersByTimeAsync(0);
    expect(answers.at(-1)).toEqual({ answer: 'saved third', current: true });
    expect(autosave.dirty).toBe(false);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('flush sends at once and resolves when everything typed is saved', async () => {
    const { autosave, sent } = harness();
    autosave.change('typed');
    const done = autosave.flush();
    expect(sent.map((s) => s.value)).toEqual(['typed']);
    autosave.change('typed more');
    sent[0]?.resolve('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.value)).toEqual(['typed', 'typed more']);
    sent[1]?.resolve('ok');
    await expect(done).resolves.toBe(true);
    expect(autosave.dirty).toBe(false);
  });

  it('reports a failed save, keeps the change, and sends it again on retry', async () => {
    const { autosave, sent, statuses } = harness();
    autosave.change('kept');
    const first = autosave.flush();
    sent[0]?.reject(new Error('disk full'));
    await expect(first).resolves.toBe(false);
    expect(statuses.at(-1)).toBe('error');
    expect(autosave.status).toEqual({ state: 'error', message: 'disk full' });
    expect(autosave.dirty).toBe(true);

    const retry = autosave.flush();
    expect(sent.map((s) => s.value)).toEqual(['kept', 'kept']);
    sent[1]?.resolve('ok');
    await expect(retry).resolves.toBe(true);
    expect(autosave.dirty).toBe(false);
  });

  it('a value replaced for the seller is what the next save sends, and starts no save itself', async () => {
    const { autosave, sent } = harness();
    autosave.replace('from main');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(0);
    expect(autosave.dirty).toBe(false);
    autosave.change('typed');
    autosave.replace('typed, with what arrived');
    await vi.advanceTimersByTimeAsync(400);
    expect(sent.map((s) => s.value)).toEqual(['typed, with what arrived']);
  });

  it('sends nothing when nothing changed', async () => {
    const { autosave, sent } = harness();
    await expect(autosave.flush()).resolves.toBe(true);
    expect(sent).toHaveLength(0);
  });
});

describe('editor fields', () => {
  it('sends exactly the keys drafts:save accepts', () => {
    const draft = newDraft(
      { title: 'Laufrad', attributes: { condition: 'like_new' } },
      { id: '6b0f7c7e-3f3a-4d8e-9a56-1d2f0c1e2b3a', now: new Date('2025-01-01T00:00:00Z') },
    );
    const fields = draftFieldsOf(draft);
    expect(draftFieldsSchema.parse(fields)).toEqual(fields);
    expect(fields).not.toHaveProperty('photos');
    expect(fields).not.toHaveProperty('status');
  });

  it('turns attribute rows into a record: blank rows skipped, the first of a repeated name kept', () => {
    const rows = [
      { id: 'a', key: 'condition', value: 'like_new' },
      { id: 'b', key: '', value: '' },
      { id: 'c', key: 'condition ', value: 'used' },
      { id: 'd', key: '__proto__', value: 'x' },
    ];
    const record = attributesOf(rows);
    expect(Object.entries(record)).toEqual([
      ['condition', 'like_new'],
      ['__proto__', 'x'],
    ]);
    expect([...duplicateRowIds(rows)]).toEqual(['c']);
    expect(rowsOf(record).map((r) => [r.key, r.value])).toEqual(Object.entries(record));
  });
});
