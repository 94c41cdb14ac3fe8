// The packaged app started with a command word runs the command line in its own main process (the
// RunAsNode fuse stays off, so Electron cannot be started as plain Node for it). Free of 'electron'
// so that the same dispatch runs under Node in the tests; main.ts passes Electron's part as `host`.
import { resolveLanguage } from '../../../shared/i18n-language';
import { EXIT } from '../../cli/words';
import { wordsIn } from '../../i18n';
import { systemLocale } from '../../system/paths';
import { commandArguments } from './command-args';
import type { Log } from '../../log/log';
import type { PlanChild } from '../../feeds/plan-child';

/** What the process around the command line does before it and with its exit code. */
export interface CommandHost {
  /** Called once before the command starts (Electron: no display, no GPU, no Dock icon). */
  beforeCommand(): void;
  /** Ends the process with the command's exit code; its output is handed over already. */
  exit(code: number): void;
  /** Where a large feed's plan is made (Electron: a utility process); absent: Node's fork. */
  planChild?: (log: Log) => PlanChild;
}

/** The command line's runner (cli/main.ts), loaded on demand: a start with a window never loads it. */
export type CommandLineLoader = () => Promise<{
  runCommandLine(argv: string[], invocation?: string, planChild?: (log: Log) => PlanChild): Promise<number>;
}>;

/** The name the help gives the program: the one the README's table and the deb's link use. */
export const EXECUTABLE = 'listing-desk';

const loadCommandLine: CommandLineLoader = () => import('../../cli/main');

/**
 * Runs the command line when `argv` (process.argv) holds a command and returns true; returns false
 * (and does nothing) when the app should open its window.
 */
export function dispatchCommand(
  argv: readonly string[],
  defaultApp: boolean,
  host: CommandHost,
  load: CommandLineLoader = loadCommandLine,
): boolean {
  const args = commandArguments(argv, defaultApp);
  if (args === undefined) return false;
  host.beforeCommand();
  load()
    .then(({ runCommandLine }) => runCommandLine(args, EXECUTABLE, host.planChild))
    .then(
      (code) => host.exit(code),
      (error: unknown) => {
        // No data folder (nor its log) is open yet, and no settings read: stderr in the system's
        // language is all there is. An installation missing its files is the likely cause.
        const message = error instanceof Error ? error.message : String(error);
        const t = wordsIn(resolveLanguage('system', systemLocale()), 'cli');
        process.stderr.write(`${t('cannotStart', { message })}\n`, () => host.exit(EXIT.unexpected));
      },
    );
  return true;
}
