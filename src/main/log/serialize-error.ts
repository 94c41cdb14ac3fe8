// Turns anything thrown into a small plain object for a log line. Only the error's name, message,
// stack, cause and primitive own fields are kept: an HTTP library's error may carry the request
// options (headers with the token), which must not be walked into the log.

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

const MAX_TEXT = 8_000;
const MAX_CAUSES = 4;

/** A log-safe plain form of `error` (secrets are scrubbed later, with the whole line). */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: clip(describe(error)) };
  }
  const out: SerializedError = { type: error.name, message: clip(error.message) };
  if (error.stack) out.stack = clip(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in out) continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      out[key] = typeof value === 'string' ? clip(value) : value;
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function clip(text: string): string {
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)`
    : text;
}
