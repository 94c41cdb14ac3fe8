// The web shell's gate: a per-launch token, and Host and Origin checks against DNS rebinding and
// foreign pages. Pure functions, so each hostile case is a unit test.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random token for one launch. */
export function createLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two tokens in constant time. */
export function tokenMatches(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Host values the shell answers to: loopback names with its own port. */
export function allowedHosts(port: number): string[] {
  // Browsers leave the default port out of Host and Origin.
  const names = ['127.0.0.1', 'localhost'];
  return port === 80 ? [...names, ...names.map((n) => `${n}:80`)] : names.map((n) => `${n}:${port}`);
}

/** True when the Host header names this shell (refuses rebinding names such as evil.example:PORT). */
export function hostAllowed(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).includes(host.toLowerCase());
}

/** True when the Origin is absent (plain navigation) or exactly this shell's own origin. */
export function originAllowed(origin: string | undefined, port: number, required: boolean): boolean {
  if (origin === undefined) return !required;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && url.origin === origin && allowedHosts(port).includes(url.host);
}

/** The name of the cookie carrying the token; per port, since cookies ignore ports. */
export function tokenCookieName(port: number): string {
  return `listing_desk_${port}`;
}

/** Reads one cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
