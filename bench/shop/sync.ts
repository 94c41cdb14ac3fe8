// Benchmarks of the shop sync (issue 24.10), against a private Debian PostgreSQL:
// 1. a change saved on one desk until the other desk's window is told (`drafts:changed`), with
//    BENCH_LATENCY_MS (default 40) of round trip between each desk and the database (a shaped
//    link: half of it each way), p50 and p95 against the target of two round trips plus 100 ms;
// 2. the statements an idle, connected desk sends per minute over BENCH_IDLE_S (default 120)
//    seconds, counted on the wire of every connection it holds (pool and LISTEN), against 6.
// Run: npx tsx bench/shop/sync.ts   (BENCH_SAMPLES, default 100; BENCH_SHOW=1 prints every time)
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { startCutProxy } from '../../test/shop/helpers/cut-proxy';
import { startPostgres } from '../../test/shop/helpers/postgres';
import { initBenchShop, openBenchDesk, type BenchDesk } from './bench-desk';
import { shapedLink, type LinkCounters } from './shaped-link';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 40);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 120);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const TARGET_IDLE_PER_MIN = 6;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const server = await startPostgres();
const desks: BenchDesk[] = [];
try {
  const url = await server.createDatabase();
  await initBenchShop(url);
  const counters: LinkCounters = { statements: 0, bytesDown: 0, bytesUp: 0 };
  const proxy = await startCutProxy(server.port, { link: shapedLink({ delayMs: LATENCY_MS / 2 }, counters) });
  const a = await openBenchDesk(url, 'A', { viaPort: proxy.port });
  const b = await openBenchDesk(url, 'B', { viaPort: proxy.port });
  desks.push(a, b);
  await Promise.all([a.connected(), b.connected()]);

  const draft = await a.call<Draft>('drafts:create');
  const painted: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const seen = new Promise<void>((resolve) => {
      const stop = b.app.events.subscribe((event, payload) => {
        if (event === 'drafts:changed' && (payload as { ids: string[] }).ids.includes(draft.id)) {
          stop();
          resolve();
        }
      });
    });
    const started = performance.now();
    await a.call('drafts:save', { draft: { ...draftFieldsOf(draft), title: `Sample ${i}` } });
    await seen;
    painted.push(performance.now() - started);
  }
  painted.sort((x, y) => x - y);
  if (process.env.BENCH_SHOW) console.log(painted.map((ms) => ms.toFixed(0)).join(' '));
  const target = 2 * LATENCY_MS + 100;
  const [p50, p95] = [percentile(painted, 0.5), percentile(painted, 0.95)];
  console.log(`change painted on the other desk (${LATENCY_MS} ms round trip, ${SAMPLES} saves):`);
  console.log(
    `  p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; target ${target} ms: p95/target ${(p95 / target).toFixed(2)}`,
  );

  await b.remove();
  desks.splice(desks.indexOf(b), 1);
  await new Promise((r) => setTimeout(r, 2_000));
  const before = counters.statements;
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const perMinute = ((counters.statements - before) * 60) / IDLE_S;
  console.log(
    `idle connected desk: ${perMinute.toFixed(1)} statements/min over ${IDLE_S} s; target ${TARGET_IDLE_PER_MIN}: ratio ${(perMinute / TARGET_IDLE_PER_MIN).toFixed(2)}`,
  );
  await proxy.close();
} finally {
  for (const desk of desks) await desk.remove().catch(() => undefined);
  server.remove();
}
