import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, APP_START_URL, isAppUrl } from '../../../../src/main/shells/electron/app-url';
import { externalUrl } from '../../../../src/main/shells/electron/external-links';

describe('isAppUrl', () => {
  it('accepts the app origin', () => {
    expect(APP_START_URL).toBe('app://renderer/index.html');
    expect(isAppUrl(APP_START_URL)).toBe(true);
    expect(isAppUrl(`${APP_ORIGIN}/assets/x.js?y#z`)).toBe(true);
  });

  it.each([
    'https://evil.example/',
    'app://evil/index.html',
    'app://renderer.evil.example/index.html',
    'https://renderer/index.html',
    'file:///index.html',
    'evil.example/app://renderer',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it('accepts the dev server origin only when one is given, and only that origin', () => {
    const dev = 'http://localhost:5173/';
    expect(isAppUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5173/')).toBe(false);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('https://localhost:5173/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173.evil.example/', dev)).toBe(false);
    expect(isAppUrl('http://evil.example/?http://localhost:5173', dev)).toBe(false);
  });
});

describe('externalUrl', () => {
  it.each([
    ['https://example.com/help?q=1#a', 'https://example.com/help?q=1#a'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
  ])('opens %s as %s', (raw, normalized) => {
    expect(externalUrl(raw)).toBe(normalized);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'smb://server/share',
    'ftp://example.com/',
    'app://renderer/index.html',
    'mailto:a@example.com',
    'https://user:pass@example.com/',
    'https://user@example.com/',
    'http://',
    'https//example.com',
    '//example.com',
    'not a url',
    '',
  ])('refuses %s', (raw) => {
    expect(externalUrl(raw)).toBeUndefined();
  });
});
