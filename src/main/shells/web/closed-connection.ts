// A page that reloads or closes drops its connections mid-way: the socket resets, a file being sent
// is cut off. That is how a browser works, not a failure of the shell, so it is logged quietly.

const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** True when `error` only says that the other side closed the connection. */
export function isClosedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLOSED_CODES.has(code);
}
