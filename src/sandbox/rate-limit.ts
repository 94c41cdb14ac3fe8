// The rate-limit knob (issue 36.3): per client, reads and writes per second on the listings service,
// each a token bucket with a burst; a call beyond it is answered 429 with `Retry-After` in whole
// seconds (when the bucket holds a token again), as a service behind a rate-limiting proxy does.
// Writes are POST, PUT and DELETE; the token service and the storage's PUT are not counted. It counts
// every listings call it saw and the 429s it sent, per client, so tests and benchmarks can read them.
import type { FastifyInstance } from 'fastify';
import { Problem, problemBody, problemContentType } from './errors';

/** Calls per second per client (0 or absent: unlimited) and the burst of each bucket. */
export interface RateLimit {
  /** GET calls per second. */
  readsPerSecond?: number;
  /** POST, PUT and DELETE calls per second. */
  writesPerSecond?: number;
  /** Calls a bucket holds (default: one second's worth, at least 1). */
  burst?: number;
}

/** What the knob saw for one client (or all of them). */
export interface RateLimitFigures {
  calls: number;
  reads: number;
  writes: number;
  /** Calls answered 429 by the knob. */
  limited: number;
  limitedReads: number;
  limitedWrites: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const ZERO: RateLimitFigures = Object.freeze({
  calls: 0,
  reads: 0,
  writes: 0,
  limited: 0,
  limitedReads: 0,
  limitedWrites: 0,
});

/** Throws when a setting is not a number ≥ 0. */
export function checkRateLimit(limit: RateLimit): RateLimit {
  for (const [name, value] of Object.entries(limit)) {
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw new Error(`Invalid sandbox rate limit ${name}: ${String(value)}`);
  }
  return { ...limit };
}

/** The buckets and counters of one sandbox. */
export class RateLimiter {
  private limit: RateLimit;
  private readonly buckets = new Map<string, Bucket>();
  private readonly figures = new Map<string, RateLimitFigures>();

  constructor(
    limit: RateLimit = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limit = checkRateLimit(limit);
  }

  /** The setting in force. */
  setting(): RateLimit {
    return { ...this.limit };
  }

  /** Changes the setting; buckets start full again. */
  set(limit: RateLimit): void {
    this.limit = checkRateLimit(limit);
    this.buckets.clear();
  }

  /** Counts a call of `clientId`; undefined when it may pass, else the seconds to send as Retry-After. */
  take(clientId: string, method: string): number | undefined {
    const write = method !== 'GET' && method !== 'HEAD';
    const mine = { ...(this.figures.get(clientId) ?? ZERO) };
    this.figures.set(clientId, mine);
    mine.calls += 1;
    if (write) mine.writes += 1;
    else mine.reads += 1;
    const rate = (write ? this.limit.writesPerSecond : this.limit.readsPerSecond) ?? 0;
    if (rate <= 0) return undefined;
    const burst = Math.max(1, this.limit.burst ?? rate);
    const key = `${write ? 'w' : 'r'} ${clientId}`;
    const at = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at };
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * rate);
    bucket.at = at;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    mine.limited += 1;
    if (write) mine.limitedWrites += 1;
    else mine.limitedReads += 1;
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  }

  /** The figures of `clientId`, or of every client summed. */
  counts(clientId?: string): RateLimitFigures {
    if (clientId !== undefined) return { ...(this.figures.get(clientId) ?? ZERO) };
    const sum = { ...ZERO };
    for (const one of this.figures.values())
      for (const name of Object.keys(sum) as (keyof RateLimitFigures)[]) sum[name] += one[name];
    return sum;
  }

  /** Forgets the counters (buckets stay). */
  resetCounts(): void {
    this.figures.clear();
  }
}

/** Registers the knob on the listings service's scope, after the token check named the client. */
export function installRateLimit(api: FastifyInstance, limiter: RateLimiter): void {
  api.addHook('onRequest', async (request, reply) => {
    const seconds = limiter.take(request.clientId, request.method);
    if (seconds === undefined) return;
    const problem = new Problem(429, 'Too Many Requests', 'Rate limit exceeded.', 'full', {
      'retry-after': String(seconds),
    });
    // The error object as every route sends it (hooks.ts's sendProblem; not imported: context.ts
    // holds the limiter, and hooks.ts reads the context).
    const path = request.url.split('?')[0] ?? request.url;
    return reply
      .code(429)
      .headers(problem.headers)
      .type(problemContentType(problem))
      .send(JSON.stringify(problemBody(problem, path)));
  });
}

/** Parses `writes=5,reads=20,burst=5` (the `--rate-limit` flag). */
export function parseRateLimit(text: string): RateLimit {
  const names = { reads: 'readsPerSecond', writes: 'writesPerSecond', burst: 'burst' } as const;
  const limit: RateLimit = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    const field = names[name as keyof typeof names];
    const n = Number(value);
    if (!field || value === undefined || value === '' || !Number.isFinite(n) || n < 0)
      throw new Error(`--rate-limit takes reads=N,writes=N,burst=N (calls per second), not '${text}'`);
    limit[field] = n;
  }
  return limit;
}
