// Keeps secrets out of log lines and diagnostics: fields whose name says "secret" are replaced by
// name, and text is scrubbed of the shapes secrets travel in (Authorization values, JWTs,
// `client_secret=…` forms, `?token=…` addresses), wherever they hide in a message or an error.

export const REDACTED = '[redacted]';

/** Field names whose values are never logged, at any depth. */
const SECRET_KEY =
  /^(?:.*(?:secret|password|passwd|passphrase|cookie|credential|api[-_]?key)|authorization|proxy-authorization|(?:access|refresh|id|bearer|launch)?[-_]?token)$/i;

/** Paths for pino's own `redact` (a first net; `redactFields` walks every depth after it). */
export const REDACT_PATHS = [
  'client_secret',
  'clientSecret',
  'secret',
  'access_token',
  'accessToken',
  'token',
  'authorization',
  'password',
  '*.client_secret',
  '*.clientSecret',
  '*.secret',
  '*.access_token',
  '*.token',
  '*.authorization',
  '*.password',
  'headers.authorization',
  '*.headers.authorization',
];

const KEYS =
  'client_secret|clientSecret|secret|access_token|accessToken|refresh_token|id_token|token|password';
const TEXT_RULES: ReadonlyArray<[RegExp, string]> = [
  // An Authorization value: `Bearer abc`, `Basic abc`.
  [/\b(Bearer|Basic)(\s+|%20|\+)[A-Za-z0-9._~+/=%-]+/gi, `$1$2${REDACTED}`],
  // A JWT anywhere (header.payload[.signature]).
  [/\beyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){1,2}/g, REDACTED],
  // `client_secret=…` in a form or query, `"token":"…"` in JSON, `token: '…'` in code-ish text; a
  // space after the colon only before a quote, so "token: 503 Service Unavailable" stays readable.
  [
    new RegExp(
      `\\b(${KEYS})(\\\\?["']?\\s*[=:](?:\\s*\\\\?["']|))(?!\\[redacted\\])[^\\s"'&,;})\\\\]+`,
      'gi',
    ),
    `$1$2${REDACTED}`,
  ],
];

/** Text with every secret-looking part replaced by `[redacted]`. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

/** Whether a field of this name holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

const MAX_DEPTH = 8;

/** A copy of `value` with secret-named fields redacted and every string scrubbed (cycles cut). */
export function redactFields<T>(value: T): T {
  return walk(value, 0, new WeakSet()) as T;
}

function walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSecretKey(key) && item !== undefined && item !== null ? REDACTED : walk(item, depth + 1, seen);
  }
  return out;
}
