// The back end's one logger: pino, writing each line (JSON) to the rotating log file in the data
// folder and a readable copy to stderr (stdout stays reserved for the shells' announcements).
// Secrets are removed three times: pino's redact paths, a walk over every field (redact.ts), and a
// scrub of the finished line's text, which also catches what hides in messages and error texts.
import { pino, type Logger } from 'pino';
import { logFile } from './log-files';
import type { Log, LogFields } from './log';
import { REDACT_PATHS, REDACTED, redactFields, scrubText } from './redact';
import { RotatingFile } from './rotating-file';
import { serializeError } from './serialize-error';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where text goes (process.stderr, or a test's collector). */
export interface TextSink {
  write(text: string): unknown;
}

export interface CreateLogOptions {
  /** The data folder: lines go to `<dataDir>/logs/listing-desk.log`. Without it, stderr only. */
  dataDir?: string;
  /** The prefix of stderr lines, e.g. `listing-desk web`. */
  name: string;
  /** Lowest level written; default info. */
  level?: LogLevel;
  /** Where readable lines go; default process.stderr; false for none. */
  stderr?: TextSink | false;
  /** Rotation: size of a file (default 5 MiB) and rotated files kept (default 3). */
  maxBytes?: number;
  keep?: number;
}

/** The rotation of the log file: its size, and how many rotated files are kept (bench/soak bounds the folder by it). */
export const LOG_ROTATION = { maxBytes: 5 * 1024 * 1024, keep: 3 } as const;

/** The logger a shell creates: a Log, plus its file and a close for the end of the process. */
export interface AppLog extends Log {
  /** The current log file, when there is one. */
  readonly file: string | undefined;
  close(): void;
}

/** The level named by `text` (e.g. an environment variable), else `fallback`. */
export function parseLogLevel(text: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  const wanted = text?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(wanted ?? '') ? (wanted as LogLevel) : fallback;
}

/** Builds the logger (see the top of this file). */
export function createLog(options: CreateLogOptions): AppLog {
  const stderr = options.stderr === undefined ? process.stderr : options.stderr;
  const path = options.dataDir === undefined ? undefined : logFile(options.dataDir);
  const file =
    path === undefined
      ? undefined
      : new RotatingFile({
          file: path,
          maxBytes: options.maxBytes ?? LOG_ROTATION.maxBytes,
          keep: options.keep ?? LOG_ROTATION.keep,
          onFailure: (error) =>
            stderr &&
            stderr.write(
              `[${options.name}] ERROR the log file ${path} cannot be written: ${String(error)}\n`,
            ),
        });
  const destination = {
    write(line: string) {
      const clean = scrubText(line);
      file?.write(clean);
      if (stderr) stderr.write(readableLine(options.name, clean));
    },
  };
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // Errors arrive already made plain by serializeError (see there why pino's own is not used).
      serializers: { err: (value: unknown) => value },
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redactFields(fields),
      },
    },
    destination,
  );
  return { ...wrap(logger), file: path, close: () => file?.close() };
}

function wrap(logger: Logger): Log {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, error, fields) =>
      logger.error(error === undefined ? (fields ?? {}) : { ...fields, err: serializeError(error) }, message),
    child: (bindings: LogFields) => wrap(logger.child(redactFields(bindings))),
  };
}

const HIDDEN = new Set(['time', 'level', 'msg', 'err']);

/** One log line as a person reads it on stderr: `[name] WARN message {fields}` and the stack. */
export function readableLine(name: string, jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return `[${name}] ${jsonLine.trimEnd()}\n`;
  }
  const level =
    typeof entry.level === 'string' && entry.level !== 'info' ? `${entry.level.toUpperCase()} ` : '';
  const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !HIDDEN.has(key)));
  const fields = Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : '';
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const why = err ? `: ${err.stack ?? err.message ?? ''}` : '';
  return `[${name}] ${level}${String(entry.msg ?? '')}${fields}${why}\n`;
}
