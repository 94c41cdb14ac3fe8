// The listing service of the torture run, in a process of its own so that it outlives every kill of
// the app. It starts with the fault rules given as JSON in BENCH_FAULTS and prints one line of JSON
// with its addresses. On standard input it takes one command: `faults off`, answered with `ok`, so
// that the final count is not disturbed by the faults it counts the effects of.
import { createInterface } from 'node:readline';
import { startSandbox, type FaultRule } from '../../src/sandbox';

const client = { clientId: process.env.BENCH_CLIENT_ID!, clientSecret: process.env.BENCH_CLIENT_SECRET! };
const faults = JSON.parse(process.env.BENCH_FAULTS ?? '[]') as FaultRule[];

const sandbox = await startSandbox({
  clients: [client],
  persistClients: false,
  tokenTtlSeconds: Number(process.env.BENCH_TOKEN_TTL ?? 2),
  validationDelayMs: 200,
  latencyMs: 5,
  seed: Number(process.env.BENCH_SEED ?? 1),
  faults,
});
process.stdout.write(`${JSON.stringify({ authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'faults off') {
    sandbox.faults.clear();
    process.stdout.write('ok\n');
  }
});
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
