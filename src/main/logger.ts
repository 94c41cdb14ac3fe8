// The back end's log: stderr only (stdout carries the shells' one-line announcements).

/** A logger writing to stderr. */
export function createStderrLogger(prefix = 'listing-desk') {
  return {
    info(message: string) {
      process.stderr.write(`[${prefix}] ${message}\n`);
    },
    error(message: string, error?: unknown) {
      const why =
        error instanceof Error ? `: ${error.stack ?? error.message}` : error ? `: ${String(error)}` : '';
      process.stderr.write(`[${prefix}] ERROR ${message}${why}\n`);
    },
  };
}
