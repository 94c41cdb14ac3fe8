// Unhandled rejections and uncaught exceptions reach the log; only the latter ends the process.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { logProcessFailures } from '../../../src/main/log/process-failures';

describe('logProcessFailures', () => {
  it('logs a rejection and goes on; logs an exception and calls onFatal', () => {
    const proc = new EventEmitter();
    const log = { error: vi.fn() };
    const onFatal = vi.fn();
    logProcessFailures(proc, log, onFatal);
    const reason = new Error('nobody awaited me');
    proc.emit('unhandledRejection', reason, Promise.resolve());
    expect(log.error).toHaveBeenCalledWith('A promise failed and nothing handled it', reason);
    expect(onFatal).not.toHaveBeenCalled();
    const thrown = new Error('escaped');
    proc.emit('uncaughtException', thrown, 'uncaughtException');
    expect(log.error).toHaveBeenLastCalledWith('An error escaped every handler; stopping', thrown, {
      origin: 'uncaughtException',
    });
    expect(onFatal).toHaveBeenCalledWith(thrown);
  });
});
