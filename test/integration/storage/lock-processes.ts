// Real processes around the data folder's lock, for the data-lock tests: holders (the child helper),
// programs run to their end, the clean-up that kills and waits for every one of them, and what the
// lock says (its holder, a refusal, a heartbeat made old).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  acquireDataLock,
  DataFolderLocked,
  LOCK_FILE,
  parseOwner,
} from '../../../src/main/storage/data-lock';
import { OWNER_FILE } from '../../../src/main/storage/lock-dir';
import { tempDir } from '../../unit/helpers/temp-app';
import { ENGLISH, runOf, type CliRun } from '../cli/run-cli';

export const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const CHILD = 'test/integration/storage/data-lock-child.ts';
const children: ChildProcess[] = [];
const folders: { remove(): void }[] = [];

/** Resolves once the process has ended (and was reaped). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Kills every process a test started and waits for each, then removes its folders. */
export async function cleanUp(): Promise<void> {
  const running = children.splice(0);
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(running.map(exited));
  for (const folder of folders.splice(0)) folder.remove();
}

/** A new empty data folder, removed after the test. */
export function folder(): string {
  const temp = tempDir('listing-desk-lock-');
  folders.push(temp);
  return temp.dir;
}

/** Starts `command` (kept for the clean-up); its stdout is read line by line. */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...ENGLISH, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Resolves with the first stdout line of `child` that `match` accepts; rejects when it ends first. */
export function lineOf(child: ChildProcess, match: (line: string) => boolean): Promise<string> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    // 'close', not 'exit': its last lines may still be on their way when it has exited.
    child.once('close', (code, signal) =>
      reject(new Error(`it ended (${code ?? signal}) first: ${stderr.trim()}`)),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (match(line)) resolve(line);
    });
  });
}

/** The node arguments that run the child helper. */
export const childArgs = (dataDir: string, kind: string, ...options: string[]) => [
  '--import',
  'tsx',
  CHILD,
  dataDir,
  kind,
  ...options,
];

/** Starts a process holding `dataDir`; resolves once it holds it. */
export async function holder(dataDir: string, kind = 'app', ...options: string[]): Promise<ChildProcess> {
  const child = start(process.execPath, childArgs(dataDir, kind, ...options));
  await lineOf(child, (line) => line === `held ${child.pid}`);
  return child;
}

/** Starts a program of the project (`args` after node's `--import tsx`), kept for the clean-up. */
export const startProgram = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  start(process.execPath, ['--import', 'tsx', ...args], env);

/** Runs a program of the project to its end: exit code and output. */
export function runToEnd(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const child = startProgram(args, env);
  child.stdin!.end();
  return runOf(child);
}

/** The program and arguments of the command line on `dataDir`: `args` and `--data-dir`. */
export const cliArgs = (dataDir: string, ...args: string[]) => [
  'src/main/cli/main.ts',
  ...args,
  '--data-dir',
  dataDir,
];

/** The program and arguments of the web shell on `dataDir` (any free port, no browser). */
export const webShellArgs = (dataDir: string) => [
  'src/main/shells/web/main.ts',
  '--no-open',
  '--port',
  '0',
  '--data-dir',
  dataDir,
];

/** The file in which the lock of `dir` names its holder. */
export const ownerFile = (dir: string) => path.join(dir, LOCK_FILE, OWNER_FILE);

/** The holder the folder's lock names (a lock file as before issue 23 held it itself). */
export function ownerIn(dir: string) {
  const lock = path.join(dir, LOCK_FILE);
  return parseOwner(readFileSync(statSync(lock).isDirectory() ? ownerFile(dir) : lock, 'utf8'));
}

/** What acquiring `dir` in this process throws (fails when it is not refused). */
export function refusalOf(dir: string): DataFolderLocked {
  try {
    acquireDataLock(dir, 'cli', { releaseOnExit: false }).release();
  } catch (error) {
    if (error instanceof DataFolderLocked) return error;
    throw error;
  }
  throw new Error('the folder was not refused');
}

/** Makes the holder's last heartbeat `ms` old (as if that long had passed). */
export function ageHeartbeat(dir: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(ownerFile(dir), then, then);
}
