// A modelled uplink and downlink: request and response bodies pass through one pipe per direction
// at a set rate. The pipe is shared by every request of the service, as a seller's connection is
// one line shared by all concurrent uploads: six parallel PUTs at 20 Mbit/s get about 3.3 Mbit/s
// each, not 20 each. Headers and request lines are not counted (they are small beside the bodies).
import { Readable, Transform, pipeline } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** Largest slice released at once, so that concurrent bodies interleave finely. */
const SLICE = 16 * 1024;
/** Bytes an idle line may send at once (the bucket's size). */
const BURST = 256 * 1024;

/**
 * One direction of the line, a token bucket kept as a virtual clock (the time the line is free
 * again): each slice is booked in turn and released when it has "arrived", so the pipe is FIFO and
 * fair by slice across concurrent bodies, and timer jitter does not add up.
 */
export class Pipe {
  private freeAt = 0;
  /** Bytes booked on the pipe. */
  bytes = 0;

  /** `mbit` reads the current rate in Mbit/s (10^6 bit/s); 0 or less is unlimited. */
  constructor(
    private readonly mbit: () => number,
    private readonly signal?: AbortSignal,
  ) {}

  /** Resolves once `n` bytes have crossed the line. */
  async pass(n: number): Promise<void> {
    this.bytes += n;
    const rate = this.mbit();
    if (!(rate > 0) || n === 0) return;
    const now = performance.now();
    const msPerByte = 8 / (rate * 1000);
    // The bucket holds BURST bytes: a timer that fires late, or a reader that comes back a little
    // later, does not lose line time (without it every late wake-up would add up).
    this.freeAt = Math.max(this.freeAt, now - BURST * msPerByte) + n * msPerByte;
    const wait = this.freeAt - now;
    if (wait >= 1) await sleep(wait, undefined, { signal: this.signal });
  }

  /** A Transform that lets bytes through at the pipe's rate. */
  throttle(): Transform {
    const pass = (n: number): Promise<void> => this.pass(n);
    return new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        const slices = async (): Promise<void> => {
          for (let at = 0; at < chunk.length; at += SLICE) {
            const part = chunk.subarray(at, at + SLICE);
            await pass(part.length);
            this.push(part);
          }
        };
        slices().then(
          () => done(),
          (error: unknown) => done(error as Error),
        );
      },
    });
  }

  /** `payload` (a string, Buffer or stream) as a stream paced by the pipe. */
  paced(payload: string | Buffer | Readable): Readable {
    const source =
      typeof payload === 'string' || Buffer.isBuffer(payload)
        ? Readable.from([Buffer.from(payload)])
        : payload;
    const out = this.throttle();
    // pipeline: a client that goes away mid-answer closes the source (a media file) too.
    pipeline(source, out, () => undefined);
    return out;
  }
}

/** The two directions of the modelled line, as the service sees them. */
export interface Line {
  /** Request bodies (the seller's uplink). */
  readonly up: Pipe;
  /** Response bodies (the seller's downlink). */
  readonly down: Pipe;
}

/** Paces request bodies as they are read and response bodies as they are sent, at `mbit()`. */
export function installBandwidth(app: FastifyInstance, line: Line, mbit: () => number): void {
  app.addHook('preParsing', async (_request, _reply, payload) => {
    if (!(mbit() > 0)) return payload;
    const paced = line.up.throttle();
    // pipeline, not pipe: an aborted upload must fail the paced stream too, so the route sees it.
    pipeline(payload, paced, () => undefined);
    return paced;
  });
  // Added after the fault hooks, so an injected error body is paced like any other.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(mbit() > 0) || request.method === 'HEAD' || payload === null || payload === undefined)
      return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      if (payload.length === 0) return payload;
      reply.header('content-length', Buffer.byteLength(payload));
      return line.down.paced(payload);
    }
    if (payload instanceof Readable) return line.down.paced(payload);
    return payload;
  });
}
