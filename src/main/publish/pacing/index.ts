// Waits that a cancel cuts short, and bounds on what runs at once (other rooms' jobs use them too).
export { createKeyedLock, createLimiter, type Limiter } from './limiter';
export { MAX_RETRY_AFTER_MS, abortError, isAbortError, jobController, pause } from './pause';
