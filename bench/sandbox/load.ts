// A small keep-alive load generator: N workers send requests back to back for a fixed time.
import http from 'node:http';

/** One HTTP request of a load run. */
export interface Req {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Result of one request. */
export interface Resp {
  status: number;
  body: Buffer;
}

/** Figures of one load run. */
export interface Figures {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
}

/** Sends one request through `agent` and reads the whole response. */
export function send(agent: http.Agent, req: Req): Promise<Resp> {
  return new Promise((resolve, reject) => {
    const r = http.request(req.url, { method: req.method, headers: req.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Percentile `p` (0..100) of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `task` from `workers` concurrent loops for `seconds` (after `warmupSeconds` not counted) and
 * returns throughput and latency figures; a task that throws or returns false counts as an error.
 */
export async function load(
  task: () => Promise<boolean>,
  { workers, seconds, warmupSeconds = 1 }: { workers: number; seconds: number; warmupSeconds?: number },
): Promise<Figures> {
  const t0 = performance.now();
  const measureFrom = t0 + warmupSeconds * 1000;
  const end = measureFrom + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const start = performance.now();
      if (start >= end) return;
      let ok = false;
      try {
        ok = await task();
      } catch {
        ok = false;
      }
      if (start >= measureFrom) {
        if (ok) latencies.push(performance.now() - start);
        else errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - measureFrom) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50ms: percentile(latencies, 50),
    p99ms: percentile(latencies, 99),
  };
}
