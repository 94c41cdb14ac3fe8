// The listing service of a feed benchmark, in a process of its own: prints one line of JSON with its
// addresses; on standard input `stats` answers one line of JSON with the requests it has counted
// (route → status → count), so the benchmark can tell what the app asked of it between two points.
// BENCH_LATENCY_MS delays every request (default 0), BENCH_VALIDATION_DELAY_MS is the time until a
// publication settles (default 20); BENCH_SANDBOX_LOG=1 logs each request to stderr with its time.
import { createInterface } from 'node:readline';
import { startSandbox } from '../../src/sandbox';

const client = { clientId: process.env.BENCH_CLIENT_ID!, clientSecret: process.env.BENCH_CLIENT_SECRET! };
const sandbox = await startSandbox({
  clients: [client],
  persistClients: false,
  validationDelayMs: Number(process.env.BENCH_VALIDATION_DELAY_MS ?? 20),
  latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 0),
  log: process.env.BENCH_SANDBOX_LOG === '1',
});
process.stdout.write(`${JSON.stringify({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stats') process.stdout.write(`${JSON.stringify(sandbox.stats().requests)}\n`);
});
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
