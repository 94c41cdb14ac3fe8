// The soak's processes: the listing service in a process of its own with its faults, a shop on a
// real PostgreSQL, desk A as the web shell (its main process, driven through its page in Debian's
// Chromium) and desk B as the command line's `worker`; each desk joined and given the account's
// secret with the command line, as a seller would. A kill is SIGKILL and then waiting for the exit
// (the parent reaps its child: PID 1 here does not, and a zombie still answers signal 0).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import type { FaultRule } from '../../src/sandbox';
import { cli, serviceOptions, startCli } from '../../test/integration/cli/run-cli';
import { startPostgres, type Postgres } from '../../test/shop/helpers/postgres';

const root = path.resolve(import.meta.dirname, '..', '..');

/** 5 % of the service's calls fail: a 500, a 503 with Retry-After, a reset connection. */
export const FAULTS: FaultRule[] = [
  { route: '*', kind: 'status', status: 500, rate: 0.02 },
  { route: '*', kind: 'status', status: 503, rate: 0.015, retryAfterSeconds: 1 },
  { route: '*', kind: 'reset', rate: 0.015 },
];
export const faultShare = 1 - FAULTS.reduce((left, rule) => left * (1 - (rule.rate ?? 1)), 1);

const ACCOUNT = 'Soak Shop';

export interface Service {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  secret: string;
  child: ChildProcess;
  /** Switches the faults off (for the final count). */
  faultsOff(): Promise<void>;
}

/** Waits for a child to end (it is reaped by then); at once when it already has. */
export function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGKILL, then waits for the exit. */
export async function killHard(child: ChildProcess): Promise<void> {
  const gone = ended(child);
  child.kill('SIGKILL');
  await gone;
}

/** SIGTERM (a clean stop), SIGKILL after `graceMs`; waits for the exit. */
export async function stopChild(child: ChildProcess, graceMs = 30_000): Promise<void> {
  const gone = ended(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** The listing service (bench/reliability/service.ts) with FAULTS, in a process of its own. */
export async function startService(): Promise<Service> {
  const clientId = 'soak-shop';
  const secret = randomBytes(12).toString('hex');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/reliability/service.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        BENCH_CLIENT_ID: clientId,
        BENCH_CLIENT_SECRET: secret,
        BENCH_FAULTS: JSON.stringify(FAULTS),
        BENCH_TOKEN_TTL: '600',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the listing service exited with ${code}`)));
    });
  const { authUrl, baseUrl } = JSON.parse(await next()) as { authUrl: string; baseUrl: string };
  return {
    authUrl,
    baseUrl,
    clientId,
    secret,
    child,
    async faultsOff() {
      const answer = next();
      child.stdin!.write('faults off\n');
      await answer;
    },
  };
}

/** Runs a command line step to its end; throws with its stderr when it fails. */
async function must(args: string[], input?: string): Promise<void> {
  const run = await cli(args, {}, input);
  if (run.code !== 0) throw new Error(`listing-desk ${args.slice(0, 2).join(' ')} failed: ${run.stderr}`);
}

export interface Shop {
  server: Postgres;
  adminUrl: string;
}

/** A PostgreSQL of its own (restarted once by the soak), a database made by `shop init`. */
export async function startShop(): Promise<Shop> {
  const server = await startPostgres();
  try {
    const adminUrl = await server.createDatabase();
    await must(['shop', 'init', adminUrl]);
    return { server, adminUrl };
  } catch (error) {
    server.remove();
    throw error;
  }
}

/** Joins a desk's data folder to the shop and adds the shop's account with its secret (and imprint). */
export async function joinDesk(
  shop: Shop,
  service: Service,
  dataDir: string,
  name: string,
  imprint: boolean,
): Promise<void> {
  await must(['shop', 'join', shop.adminUrl, '--data-dir', dataDir, '--name', name]);
  await must(
    ['accounts', 'add', ACCOUNT, ...serviceOptions(service, service.clientId), '--data-dir', dataDir],
    `${service.secret}\n`,
  );
  if (!imprint) return;
  mkdirSync(path.join(dataDir, '..', 'soak-files'), { recursive: true });
  const file = path.join(dataDir, '..', 'soak-files', 'imprint.txt');
  writeFileSync(file, 'Soak GmbH\nMain St 1\n10115 Berlin\n');
  await must(['accounts', 'imprint', ACCOUNT, file, '--data-dir', dataDir]);
}

/** Desk B: `worker` in a process of its own (node itself, its pid the one measured). */
export function startWorker(dataDir: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = startCli(['worker', '--data-dir', dataDir], env);
  // Its output is drained (a full pipe would stop it); errors are shown.
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/error|failed/i.test(text)) process.stderr.write(`  [worker] ${text}`);
  });
  return child;
}

/** Desk A's main: the built web shell on the data folder; resolves with its address. */
export async function startWebShell(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [path.join(root, 'out/main/web.js'), '--port', '0', '--no-open', '--data-dir', dataDir],
    {
      cwd: root,
      env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /running at (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The web shell exited with ${code}:\n${stderr}`)));
  });
  child.stdout!.resume();
  return { child, url };
}

/** Desk A's window: a page of Debian's Chromium on the web shell, with a CDP session for its heap. */
export interface Window {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  /** A contract call through the page's bridge. */
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** The renderer's JS heap in use, after a collection (bytes). */
  heap(): Promise<number | undefined>;
  /** Opens the page on a (new) address: after desk A's main was started again. */
  open(url: string): Promise<void>;
}

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: { message: string };
}

/** The page's bridge (the preload's `window.api`). */
type Bridge = { api: { invoke(channel: string, input: unknown): Promise<Answer> } };

export async function openWindow(url: string): Promise<Window> {
  const { CHROMIUM_FLAGS } = (await import(path.join(root, 'playwright.config.ts'))) as {
    CHROMIUM_FLAGS: string[];
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  const win: Window = {
    browser,
    page,
    cdp,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      // Runs in the page: only what is written inline reaches it.
      const result = await page.evaluate(
        ({ channel, input }) => (globalThis as unknown as Bridge).api.invoke(channel, input),
        { channel, input },
      );
      if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`);
      return result.value as T;
    },
    async heap() {
      try {
        await cdp.send('HeapProfiler.collectGarbage');
        return (await cdp.send('Runtime.getHeapUsage')).usedSize;
      } catch {
        return undefined;
      }
    },
    async open(address) {
      await page.goto(address);
      await page.waitForFunction(() => 'api' in globalThis);
    },
  };
  await win.open(url);
  return win;
}
