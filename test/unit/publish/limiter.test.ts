// The publish engine's slots (limiter.ts, on p-limit): at most the limit at once, in order; a call
// whose job stops while it waits rejects at once and never runs; a limit read from the settings.
import { describe, expect, it, vi } from 'vitest';
import { createKeyedLock, createLimiter } from '../../../src/main/publish/pacing/limiter';
import { createSerialQueue } from '../../../src/main/storage/serial-queue';
import { isAbortError, pause } from '../../../src/main/publish/pacing/pause';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('createLimiter', () => {
  it('runs at most the limit at once, in the order asked', async () => {
    const limiter = createLimiter(2);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    expect(limiter.active).toBe(2);
    gates[1]!.open();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    gates[0]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.active).toBe(0);
  });

  it('a call stopped while it waits rejects at once with an AbortError and never runs', async () => {
    const limiter = createLimiter(1);
    const first = gate();
    const holder = limiter.run(() => first.opened);
    const controller = new AbortController();
    const ran = vi.fn(async () => 'ran');
    const waiting = limiter.run(ran, controller.signal);
    const after = limiter.run(async () => 'after');
    controller.abort();
    await expect(waiting).rejects.toSatisfy(isAbortError);
    first.open();
    await holder;
    expect(await after).toBe('after');
    expect(ran).not.toHaveBeenCalled();
    await expect(limiter.run(ran, controller.signal)).rejects.toSatisfy(isAbortError);
    expect(ran).not.toHaveBeenCalled();
  });

  it('reads a limit given as a function at each call', async () => {
    let size = 1;
    const limiter = createLimiter(() => size);
    const gates = [gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.opened;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual([0]));
    size = 3;
    const third = limiter.run(async () => {
      started.push(2);
    });
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    gates.forEach((g) => g.open());
    await Promise.all([...runs, third]);
  });
});

describe('createKeyedLock and createSerialQueue', () => {
  it('one task at a time per key, keys side by side, and a failure does not stop the next', async () => {
    const lock = createKeyedLock();
    const a = gate();
    const log: string[] = [];
    const first = lock('ref-1', async () => {
      log.push('1a start');
      await a.opened;
      throw new Error('refused');
    });
    const second = lock('ref-1', async () => log.push('1b'));
    const other = lock('ref-2', async () => log.push('2'));
    await other;
    expect(log).toEqual(['1a start', '2']);
    a.open();
    await expect(first).rejects.toThrow('refused');
    await second;
    expect(log).toEqual(['1a start', '2', '1b']);
    // The key is free again: a new task runs at once.
    expect(await lock('ref-1', async () => 'again')).toBe('again');
  });

  it('a serial queue runs in order and idle() waits for all queued so far', async () => {
    const queue = createSerialQueue();
    const a = gate();
    const log: number[] = [];
    void queue.run(async () => {
      await a.opened;
      log.push(1);
    });
    const failing = queue.run(async () => {
      log.push(2);
      throw new Error('no');
    });
    void queue.run(async () => log.push(3));
    const idle = queue.idle();
    a.open();
    await expect(failing).rejects.toThrow('no');
    await idle;
    expect(log).toEqual([1, 2, 3]);
  });
});

describe('pause', () => {
  it('rejects with the publish AbortError when stopped, at once or while it waits', async () => {
    const controller = new AbortController();
    const waiting = pause(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({
      name: 'AbortError',
      message: 'The publish job was stopped.',
    });
    await expect(pause(60_000, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pause(-5)).resolves.toBeUndefined();
  });
});
