// Failures nobody caught still reach the log: an unhandled rejection is logged and the process goes
// on (as Node did before v15 and Electron's main does); an uncaught exception is logged and then
// handed to `onFatal`, since the process may be in a broken state after it.
import type { EventEmitter } from 'node:events';
import type { Log } from './log';

/** Logs unhandled rejections and uncaught exceptions of `proc` (the `process` object). */
export function logProcessFailures(
  proc: Pick<EventEmitter, 'on'>,
  log: Pick<Log, 'error'>,
  onFatal: (error: unknown) => void,
): void {
  proc.on('unhandledRejection', (reason: unknown) => {
    log.error('A promise failed and nothing handled it', reason);
  });
  proc.on('uncaughtException', (error: unknown, origin: unknown) => {
    log.error('An error escaped every handler; stopping', error, { origin: String(origin) });
    onFatal(error);
  });
}
