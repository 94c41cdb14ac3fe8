// The Retry-After header: delay-seconds or an HTTP date (RFC 9110 section 10.2.3).

/** The wait a Retry-After value asks for, in ms (0 for a date in the past); undefined when absent or invalid. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the HTTP-date forms have a weekday or month name; a bare number with a sign or dot is invalid.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
