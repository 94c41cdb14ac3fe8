// A network line between desks and the shop's database for the benchmarks: each direction delays
// every byte by `delayMs` and carries at most `bytesPerSecond` for all connections together
// (serialized, then delayed, as a real line does), and the desks' side counts the statements they
// send (the PostgreSQL wire protocol's simple queries 'Q' and the Syncs ending extended queries 'S').
import type { Socket } from 'node:net';

export interface LinkShape {
  /** One-way delay of each direction, ms. */
  delayMs: number;
  /** Bandwidth of each direction; undefined for no limit. */
  bytesPerSecond?: number;
}

export interface LinkCounters {
  statements: number;
  bytesDown: number;
  bytesUp: number;
}

const PIECE = 16 * 1024;

/** One direction of the line, shared by every connection over it: when it is free again. */
interface Line {
  nextFree: number;
}

/** Writes `from`'s data to `to` over `line`; `onData` sees each chunk as it arrives. */
function shapedDirection(
  from: Socket,
  to: Socket,
  shape: LinkShape,
  line: Line,
  onData: (chunk: Buffer) => void,
): void {
  // Each connection's chunks leave in the order they came (a queue each); the line is shared.
  const queue: { due: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const pump = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length > 0 && queue[0]!.due <= now) to.write(queue.shift()!.chunk);
    if (queue.length > 0) timer = setTimeout(pump, Math.max(0, queue[0]!.due - now));
  };
  from.on('data', (data: Buffer) => {
    onData(data);
    for (let at = 0; at < data.length; at += PIECE) {
      const chunk = data.subarray(at, at + PIECE);
      const start = Math.max(performance.now(), line.nextFree);
      line.nextFree = shape.bytesPerSecond ? start + (chunk.length / shape.bytesPerSecond) * 1000 : start;
      queue.push({ due: line.nextFree + shape.delayMs, chunk });
    }
    timer ??= setTimeout(pump, Math.max(0, queue[0]!.due - performance.now()));
  });
}

/** Counts the statements in the desk's side of one connection (startup and SSL request first). */
function statementCounter(counters: LinkCounters): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        // 80877103: the SSL request, answered before the real startup message.
        if (pending.readInt32BE(4) !== 80877103) started = true;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1) + 1;
      if (pending.length < length) return;
      const type = String.fromCharCode(pending[0]!);
      if (type === 'Q' || type === 'S') counters.statements += 1;
      pending = pending.subarray(length);
    }
  };
}

/** The `link` of a cut proxy (test/shop/helpers/cut-proxy.ts) with this shape, adding to `counters`. */
export function shapedLink(shape: LinkShape, counters: LinkCounters) {
  const up: Line = { nextFree: 0 };
  const down: Line = { nextFree: 0 };
  return (client: Socket, upstream: Socket): void => {
    // Nagle's algorithm would hold small packets back: a delay the shape did not ask for.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const count = statementCounter(counters);
    shapedDirection(client, upstream, shape, up, (chunk) => {
      counters.bytesUp += chunk.length;
      count(chunk);
    });
    shapedDirection(upstream, client, shape, down, (chunk) => {
      counters.bytesDown += chunk.length;
    });
  };
}
