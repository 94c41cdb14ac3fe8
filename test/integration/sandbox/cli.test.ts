// The CLI: one JSON line on stdout when ready, usable URLs and credentials, clean exit on SIGTERM.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenResponse } from '../../../src/shared/service';
import { parseCli } from '../../../src/sandbox/cli-args';

const Ready = z.object({
  authUrl: z.string(),
  baseUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  clients: z.array(z.object({ clientId: z.string(), clientSecret: z.string() })),
});

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  const firstLine = new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      lines.push(line);
      if (lines.length === 1) resolve(line);
    });
    child.on('exit', () => reject(new Error(`exited before ready: ${stderr}`)));
  });
  return { child, exit, firstLine, lines, stderr: () => stderr };
}

describe('npm run sandbox', () => {
  it('prints one JSON line, serves token and listings, exits 0 on SIGTERM and SIGINT; logs on stderr', async () => {
    // Two processes at once: explicit clients (quiet), and the default client with logs and a fault.
    const cli = run(['--port', '0', '--client', 'cli:secret', '--client', 'two:pw', '--quiet']);
    const logged = run(['--port', '0', '--seed', '3', '--fault', 'GET /v1/listings:503:times=1']);
    const ready = Ready.parse(JSON.parse(await cli.firstLine));
    expect(ready).toMatchObject({ clientId: 'cli', clientSecret: 'secret' });
    expect(ready.clients).toEqual([
      { clientId: 'cli', clientSecret: 'secret' },
      { clientId: 'two', clientSecret: 'pw' },
    ]);
    const tokenRes = await fetch(`${ready.authUrl}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: ready.clientId,
        client_secret: ready.clientSecret,
        audience: 'consumer-goods-api',
      }),
    });
    const { access_token } = TokenResponse.parse(await tokenRes.json());
    const list = await fetch(`${ready.baseUrl}/v1/listings`, { headers: { authorization: access_token } });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(cli.lines).toHaveLength(1);
    expect(cli.stderr()).not.toContain('incoming request');

    const other = Ready.parse(JSON.parse(await logged.firstLine));
    expect(other.clientId).toBe('sandbox-client');
    expect((await fetch(`${other.baseUrl}/v1/listings`)).status).toBe(503);
    logged.child.kill('SIGINT');
    expect(await logged.exit).toBe(0);
    expect(logged.lines).toHaveLength(1);
    expect(logged.stderr()).toContain('listening');
    expect(logged.stderr()).toContain('incoming request');
  });

  it('parses every flag into startSandbox options, and rejects bad values', () => {
    const parsed = parseCli([
      '--port=8080',
      '--host',
      '0.0.0.0',
      '--client',
      'a:b:c',
      '--client',
      'x:y:no-grant',
      '--token-ttl',
      '60',
      '--ticket-ttl',
      '30',
      '--validation-delay',
      '5',
      '--max-media-bytes',
      '100',
      '--latency',
      '7',
      '--data-dir',
      '/tmp/d',
      '--seed',
      '9',
      '--fault',
      'POST /v1/listings:503:times=2',
      '--auth-scheme',
      'bare',
      '--update-response',
      '204',
      '--district-required',
      '--category-response',
      'path',
      '--pending-state',
      'WAITING',
      '--rejected-state',
      'REFUSED',
      '--quiet',
    ]);
    expect(parsed).toEqual({
      help: false,
      options: {
        port: 8080,
        host: '0.0.0.0',
        clients: [
          { clientId: 'a', clientSecret: 'b:c' },
          { clientId: 'x', clientSecret: 'y', allowedGrant: false },
        ],
        tokenTtlSeconds: 60,
        ticketTtlSeconds: 30,
        validationDelayMs: 5,
        maxMediaBytes: 100,
        latencyMs: 7,
        dataDir: '/tmp/d',
        seed: 9,
        faults: [{ route: 'POST /v1/listings', kind: 'status', status: 503, times: 2 }],
        quirks: {
          authScheme: 'bare',
          updateResponse: 204,
          districtRequired: true,
          categoryResponse: 'path',
          stateNames: { pending: 'WAITING', rejected: 'REFUSED' },
        },
        log: false,
      },
    });
    expect(parseCli(['--help'])).toEqual({ help: true });
    expect(() => parseCli(['--port', 'x'])).toThrow(/--port/);
    expect(() => parseCli(['--auth-scheme', 'basic'])).toThrow(/auth-scheme/);
    expect(() => parseCli(['--client', 'nosecret'])).toThrow(/ID:SECRET/);
    expect(() => parseCli(['--what'])).toThrow();
  });
});

describe('the documented command', () => {
  it('`npm run -s sandbox -- …` prints exactly one line on stdout: the JSON', async () => {
    const child = spawn('npm', ['run', '-s', 'sandbox', '--', '--port', '0', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    // 'close': the process has ended and its stdout is read to the end.
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      await expect.poll(() => stdout.includes('\n'), { timeout: 30_000 }).toBe(true);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await closed;
    }
    // All it printed from start to end, not only up to a moment after the line.
    expect(stdout.split('\n').filter((line) => line !== '')).toHaveLength(1);
    Ready.parse(JSON.parse(stdout));
  }, 40_000);
});
