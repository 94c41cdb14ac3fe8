import type { AppInfo, DiagnosticsResult } from '../../../shared/ipc/types';
import { saveDiagnostics, type DiagnosticsOptions } from '../../log/diagnostics';
import type { Log } from '../../log/log';
import type { Handlers } from '../router';

export interface DiagnosticsHandlerDeps {
  log: Pick<Log, 'error'>;
  /** Writes the diagnostics file (log/diagnostics.ts, with the shell's save dialog if any). */
  save(userAgent: string | undefined): Promise<DiagnosticsResult>;
}

/** Handlers of the diagnostics channels: "Save diagnostics…" and render errors into main's log. */
export function diagnosticsHandlers(
  deps: DiagnosticsHandlerDeps,
): Pick<Handlers, 'app:save-diagnostics' | 'app:log-renderer-error'> {
  return {
    'app:save-diagnostics': (input) => deps.save(input?.userAgent),
    'app:log-renderer-error': (input) => {
      // Rebuilt as an Error so the line has the same shape as main's own errors.
      const error = Object.assign(new Error(input.message), { name: 'RenderError' });
      error.stack = input.stack ?? `RenderError: ${input.message}`;
      deps.log.error(`The ${input.view} view failed to render`, error, {
        view: input.view,
        ...(input.componentStack && { componentStack: input.componentStack }),
      });
      return { logged: true as const };
    },
  };
}

/** The app's diagnostics handlers: the file goes where the shell's dialog says, else into the data folder. */
export function appDiagnosticsHandlers(
  dataDir: string,
  info: () => AppInfo,
  ports: Pick<DiagnosticsOptions, 'choosePath'> & { log: Pick<Log, 'error'> },
): ReturnType<typeof diagnosticsHandlers> {
  return diagnosticsHandlers({
    log: ports.log,
    save: (userAgent) => saveDiagnostics({ dataDir, info: info(), userAgent, choosePath: ports.choosePath }),
  });
}
