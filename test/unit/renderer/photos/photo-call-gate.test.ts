// set-photos keeps only the photos it names: the gate must never let one run while a photo is
// being added, and its ids must be worked out after the adds before it were taken in.
import { describe, expect, it, vi } from 'vitest';
import { PhotoCallGate } from '../../../../src/renderer/views/drafts/photos/photo-call-gate';
import { bytesToBase64 } from '../../../../src/renderer/views/drafts/photos/base64';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('photo call gate', () => {
  it('runs a set-photos only after the adds in flight were answered and taken in', async () => {
    const gate = new PhotoCallGate();
    const log: string[] = [];
    const first = deferred();
    const second = deferred();
    const adds = [
      gate.add(async () => {
        await first.promise;
        log.push('photo 1 taken in');
      }),
      gate.add(async () => {
        await second.promise;
        log.push('photo 2 taken in');
      }),
    ];
    const set = gate.set(async () => log.push('set-photos sent'));
    first.resolve();
    // Once photo 1 is in, only photo 2's answer can let the set-photos go.
    await vi.waitFor(() => expect(log).toContain('photo 1 taken in'));
    expect(log).toEqual(['photo 1 taken in']);
    second.resolve();
    await Promise.all([...adds, set]);
    expect(log).toEqual(['photo 1 taken in', 'photo 2 taken in', 'set-photos sent']);
  });

  it('holds back new adds until a waiting set-photos was answered', async () => {
    const gate = new PhotoCallGate();
    const log: string[] = [];
    const answer = deferred();
    const set = gate.set(async () => {
      log.push('set-photos sent');
      await answer.promise;
      log.push('set-photos answered');
    });
    const add = gate.add(async () => log.push('photo sent'));
    // Once the set-photos is sent, only its answer can let the add go.
    await vi.waitFor(() => expect(log).toContain('set-photos sent'));
    expect(log).toEqual(['set-photos sent']);
    answer.resolve();
    await Promise.all([set, add]);
    expect(log).toEqual(['set-photos sent', 'set-photos answered', 'photo sent']);
  });

  it('runs set-photos one after another, and goes on after one fails', async () => {
    const gate = new PhotoCallGate();
    const log: string[] = [];
    const failed = gate.set(async () => {
      log.push('first');
      throw new Error('refused');
    });
    const next = gate.set(async () => log.push('second'));
    await expect(failed).rejects.toThrow('refused');
    await next;
    await gate.add(async () => log.push('add'));
    expect(log).toEqual(['first', 'second', 'add']);
  });
});

describe('base64 of a file', () => {
  it('matches Node for sizes around its slices, without a stack overflow for large files', () => {
    for (const size of [0, 1, 2, 3, 24_575, 24_576, 24_577, 3 * 1024 * 1024 + 1]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) & 255);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});
