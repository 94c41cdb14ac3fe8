// THE logger interface of the whole back end. Modules take the part they use (`Pick<Log, 'error'>`),
// so a test can hand them a spy and the shells hand them the pino-backed log of create-log.ts.

/** Structured fields of a line; secrets in them are redacted (see redact.ts). */
export type LogFields = Record<string, unknown>;

/** A leveled logger; `child` adds fields (job, step, account…) to every line it writes. */
export interface Log {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown, fields?: LogFields): void;
  child(bindings: LogFields): Log;
}

/** A log that drops everything (where a caller gives none). */
export const silentLog: Log = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};
