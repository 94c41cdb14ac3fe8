import { describe, expect, it } from 'vitest';
import {
  allowedHosts,
  createLaunchToken,
  hostAllowed,
  originAllowed,
  readCookie,
  tokenCookieName,
  tokenMatches,
} from '../../../../src/main/shells/web/guard';

describe('launch token', () => {
  it('is long, URL-safe and different every launch', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => createLaunchToken()));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('matches only the exact token', () => {
    const token = createLaunchToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, `${token}x`)).toBe(false);
    expect(tokenMatches(token, token.slice(1))).toBe(false);
    expect(
      tokenMatches(token, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()),
    ).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
    expect(tokenMatches(token, undefined)).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
  });
});

describe('hostAllowed', () => {
  it('accepts the loopback names with the shell’s own port', () => {
    expect(allowedHosts(4321)).toEqual(['127.0.0.1:4321', 'localhost:4321']);
    expect(hostAllowed('127.0.0.1:4321', 4321)).toBe(true);
    expect(hostAllowed('localhost:4321', 4321)).toBe(true);
    expect(hostAllowed('LOCALHOST:4321', 4321)).toBe(true);
  });

  it.each([
    'evil.example:4321',
    'localhost.evil.example:4321',
    '127.0.0.1:4322',
    '127.0.0.1',
    'localhost',
    '127.0.0.1:4321.evil.example',
    '0.0.0.0:4321',
    '[::1]:4321',
    '',
  ])('refuses Host %j (DNS rebinding and friends)', (host) => {
    expect(hostAllowed(host, 4321)).toBe(false);
  });

  it('refuses a missing Host', () => {
    expect(hostAllowed(undefined, 4321)).toBe(false);
  });
});

describe('originAllowed', () => {
  it('accepts the shell’s own origin', () => {
    expect(originAllowed('http://127.0.0.1:4321', 4321, true)).toBe(true);
    expect(originAllowed('http://localhost:4321', 4321, true)).toBe(true);
  });

  it('accepts a missing Origin only when it is not required', () => {
    expect(originAllowed(undefined, 4321, false)).toBe(true);
    expect(originAllowed(undefined, 4321, true)).toBe(false);
  });

  it.each([
    'http://evil.example',
    'http://evil.example:4321',
    'https://127.0.0.1:4321',
    'http://127.0.0.1:4322',
    'http://127.0.0.1',
    'http://127.0.0.1:4321/',
    'http://127.0.0.1:4321/path',
    'http://user@127.0.0.1:4321',
    'http://127.0.0.1:4321.evil.example',
    'null',
    'file://',
    'not a url',
    '',
  ])('refuses Origin %j even when not required', (origin) => {
    expect(originAllowed(origin, 4321, false)).toBe(false);
  });
});

describe('cookies', () => {
  it('names the cookie per port', () => {
    expect(tokenCookieName(4321)).toBe('listing_desk_4321');
    expect(tokenCookieName(4321)).not.toBe(tokenCookieName(4322));
  });

  it('reads one cookie out of a header', () => {
    const header = 'theme=dark; listing_desk_4321=abc=def ;listing_desk_4322=other';
    expect(readCookie(header, 'listing_desk_4321')).toBe('abc=def');
    expect(readCookie(header, 'listing_desk_4322')).toBe('other');
    expect(readCookie(header, 'theme')).toBe('dark');
  });

  it('does not mistake a longer or shorter name for the cookie', () => {
    expect(readCookie('xlisting_desk_4321=a; listing_desk_43210=b', 'listing_desk_4321')).toBeUndefined();
    expect(readCookie('=listing_desk_4321', 'listing_desk_4321')).toBeUndefined();
    expect(readCookie(undefined, 'listing_desk_4321')).toBeUndefined();
    expect(readCookie('', 'listing_desk_4321')).toBeUndefined();
  });
});
