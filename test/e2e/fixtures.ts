// Starts a real web shell (the built out/main/web.js) per test, with its own data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

export interface RunningShell {
  /** The printed address, token included. */
  url: string;
  /** http://127.0.0.1:PORT without the token. */
  origin: string;
  token: string;
  port: number;
  dataDir: string;
  /** Everything the shell wrote to stderr so far. */
  stderr(): string;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export async function launchShell(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ shell: RunningShell; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [path.join(root, 'out', 'main', 'web.js'), '--port', '0', '--no-open', '--data-dir', dataDir],
    {
      cwd: root,
      // Issue 33.5: the Sandbox accepts any category path unless a test asks for the catalog's checks.
      env: {
        ...process.env,
        LANG: 'en_US.UTF-8',
        LC_ALL: '',
        LC_MESSAGES: '',
        LISTING_DESK_SANDBOX_CATALOG: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The web shell printed no address in 20 s. stderr:\n${stderr}`)),
      20_000,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (text) => {
      if (!text.startsWith('Listing Desk is running at ')) return;
      clearTimeout(timer);
      resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`The web shell exited with ${code}. stderr:\n${stderr}`)));
  });
  const match = /^Listing Desk is running at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]+))$/.exec(line);
  if (!match) throw new Error(`Unexpected start line: ${line}`);
  const [, url, port, token] = match as unknown as [string, string, string, string];
  // A shell that ends before the test stops it (stopShell sends SIGTERM) says so, with its stderr:
  // a page that then shows "No connection" has its cause in the test's output.
  child.once('exit', (code, signal) => {
    if (stopping.has(child)) return;
    const logs = path.join(dataDir, 'logs');
    let logTail = '';
    try {
      for (const file of readdirSync(logs)) logTail += readFileSync(path.join(logs, file), 'utf8');
    } catch {
      logTail = '(no log folder)';
    }
    const why = `code ${code}, signal ${signal}`;
    endings.set(child, `${why}: ${causeOf(logTail, stderr)}`);
    process.stderr.write(
      `[e2e] the web shell for ${dataDir} ended on its own (${why}). ` +
        `Its stderr:\n${stderr.slice(-4000)}\nIts log's end:\n${logTail.slice(-4000)}\n`,
    );
  });
  return {
    child,
    shell: {
      url,
      port: Number(port),
      token,
      origin: `http://127.0.0.1:${port}`,
      dataDir,
      stderr: () => stderr,
    },
  };
}

/** Shells a test is stopping: their end is no news. */
const stopping = new WeakSet<ChildProcess>();
/** Shells that ended on their own, with why: the test they served fails saying so. */
const endings = new WeakMap<ChildProcess, string>();

/**
 * Why a shell ended, in one line: the last error its log holds (pino's JSON lines, level error or
 * fatal), else the last line it wrote to stderr.
 */
function causeOf(logTail: string, stderr: string): string {
  const errors = logTail
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line) as { level?: string | number; msg?: string; err?: { message?: string } };
      } catch {
        return undefined;
      }
    })
    .filter((entry) => entry && ['error', 'fatal', 50, 60].includes(entry.level ?? ''));
  const last = errors.at(-1);
  if (last) return `${last.msg ?? ''}${last.err?.message ? `: ${last.err.message}` : ''}`;
  return stderr.trim().split('\n').at(-1) ?? 'no log, no stderr';
}

/** Fails the test whose shell ended on its own, naming the cause (the failure list shows it). */
export function shellEndedOnItsOwn(child: ChildProcess): void {
  const ending = endings.get(child);
  if (ending) throw new Error(`The web shell ended on its own during the test (${ending})`);
}

export async function stopShell(child: ChildProcess): Promise<void> {
  stopping.add(child);
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const test = base.extend<{ shell: RunningShell }>({
  // Playwright reads the fixture's dependencies from this destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    const { shell, child } = await launchShell(dataDir);
    await use(shell);
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
    shellEndedOnItsOwn(child);
  },
});

export { expect } from '@playwright/test';
