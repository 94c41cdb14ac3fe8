// The command line as a scheduler runs it (`npm run -s cli -- ...args`, tsx), in English, to its end:
// a child process per command; its exit code, stdout and stderr. Also the pieces for a command a
// test watches while it runs (a worker, a command stopped by a signal) and for other programs run so.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The locale of a run in English (the words the tests compare are the English ones). */
export const ENGLISH = { LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' };

/** A child's stdout and stderr so far: the object fills while it runs. */
export function outputOf(child: ChildProcess): { stdout: string; stderr: string } {
  const seen = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (seen.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (seen.stderr += chunk.toString()));
  return seen;
}

/** Resolves with a child's exit code once it has ended and its output is closed. */
export function endOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

/** Resolves once the child has ended and its output is closed: its exit code, stdout and stderr. */
export async function runOf(child: ChildProcess): Promise<CliRun> {
  const seen = outputOf(child);
  const code = await endOf(child);
  return { code, ...seen };
}

/**
 * Starts the CLI with `args`; `env` is added to this process's environment; `input` is piped to its
 * standard input (else it has none, as under a scheduler).
 */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...ENGLISH, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  return child;
}

/** Runs the CLI with `args` to its end (`env` and `input` as for `startCli`). */
export function cli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<CliRun> {
  return runOf(startCli(args, env, input));
}

/**
 * Starts the CLI with `args` and leaves it running, for a test that watches it or ends it: `seen`
 * fills with its output, `done` resolves with its exit code once its output is closed.
 */
export function cliInBackground(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = startCli(args, env);
  return { child, seen: outputOf(child), done: endOf(child) };
}

/** The options of `accounts add` for an account of `service` with the client id `clientId`. */
export function serviceOptions(service: { authUrl: string; baseUrl: string }, clientId: string): string[] {
  return ['--auth-url', service.authUrl, '--base-url', service.baseUrl, '--client-id', clientId];
}
