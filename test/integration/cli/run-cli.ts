// The command line as a scheduler runs it (`npm run -s cli -- ...args`, tsx), in English, to its end:
// a child process per command; its exit code, stdout and stderr.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI with `args`; `env` is added to this process's environment; `input` is piped to its
 * standard input (else it has none, as under a scheduler).
 */
export function cli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
