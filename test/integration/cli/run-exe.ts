// The packaged executable as a scheduler runs it (`listing-desk ARGS`), where Electron's binary is
// missing: exe-entry.ts under Node, in English unless `env` says otherwise; its exit code and output.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ENGLISH, runOf, type CliRun } from './run-cli';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** Runs the app's start with `args`; `layout` is the argv Electron gives (packaged or `electron .`). */
export function exe(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  layout: 'packaged' | 'development' = 'packaged',
): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/integration/cli/exe-entry.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...ENGLISH, LISTING_DESK_ARGV: layout, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return runOf(child);
}
