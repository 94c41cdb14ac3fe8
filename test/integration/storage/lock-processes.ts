// Real processes around the data folder's lock, for the data-lock tests: holders (the child helper),
// programs run to their end, and the clean-up that kills and waits for every one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { tempDir } from '../../unit/helpers/temp-app';

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
    env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '', ...env },
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

/** Runs a program of the project to its end: exit code and output. */
export function runToEnd(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = start(process.execPath, ['--import', 'tsx', ...args], env);
  child.stdin!.end();
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
