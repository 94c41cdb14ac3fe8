// The packaged app started with a command word runs the command line in its own main process (the
// RunAsNode fuse stays off, so Electron cannot be started as plain Node for it). Free of 'electron'
// so that the same dispatch runs under Node in the tests; main.ts passes Electron's part as `host`.
import { EXIT } from '../../cli/words';
import { commandArguments } from './command-args';

/** What the process around the command line does before it and with its exit code. */
export interface CommandHost {
  /** Called once before the command starts (Electron: no display, no GPU, no Dock icon). */
  beforeCommand(): void;
  /** Ends the process with the command's exit code; its output is handed over already. */
  exit(code: number): void;
}

/**
 * Runs the command line when `argv` (process.argv) holds a command and returns true; returns false
 * (and does nothing) when the app should open its window.
 */
export function dispatchCommand(argv: readonly string[], defaultApp: boolean, host: CommandHost): boolean {
  const args = commandArguments(argv, defaultApp);
  if (args === undefined) return false;
  host.beforeCommand();
  // Loaded on demand: a start with a window never pays for the command line's modules.
  import('../../cli/main')
    .then(({ runCommandLine }) => runCommandLine(args))
    .then(
      (code) => host.exit(code),
      (error: unknown) => {
        process.stderr.write(
          `[listing-desk] ERROR the command line could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
          () => host.exit(EXIT.unexpected),
        );
      },
    );
  return true;
}
