import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/main/serving/csp';
import { contentTypeOf, resolveStaticFile } from '../../src/main/serving/static-files';

const root = path.resolve('/srv/renderer');

describe('resolveStaticFile', () => {
  it("serves index.html for '/' and ''", () => {
    expect(resolveStaticFile(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveStaticFile(root, '')).toBe(path.join(root, 'index.html'));
  });

  it('resolves files and folders inside the root', () => {
    expect(resolveStaticFile(root, '/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'));
    expect(resolveStaticFile(root, '//assets/a.css')).toBe(path.join(root, 'assets', 'a.css'));
    expect(resolveStaticFile(root, '/assets/../index.html')).toBe(path.join(root, 'index.html'));
    expect(resolveStaticFile(root, '/my%20file.png')).toBe(path.join(root, 'my file.png'));
  });

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/../../etc/passwd',
    '/..',
    '/.',
    '/%2e',
    '/../renderer-evil/index.html',
    '/index.html%00.png',
    '/%E0%A4%A',
  ])('refuses %s', (urlPath) => {
    expect(resolveStaticFile(root, urlPath)).toBeUndefined();
  });

  it('keeps an encoded absolute path inside the root', () => {
    expect(resolveStaticFile(root, '/%2Fetc%2Fpasswd')).toBe(path.join(root, 'etc', 'passwd'));
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.mjs', 'text/javascript; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['a.json', 'application/json'],
    ['logo.SVG', 'image/svg+xml'],
    ['p.png', 'image/png'],
    ['p.jpg', 'image/jpeg'],
    ['favicon.ico', 'image/x-icon'],
    ['f.woff2', 'font/woff2'],
    ['archive.tar.gz', 'application/octet-stream'],
    ['README', 'application/octet-stream'],
  ])('%s -> %s', (file, type) => {
    expect(contentTypeOf(file)).toBe(type);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (csp: string) =>
    new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('allows only the app itself to run scripts and styles, and nothing to frame it', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('adds the extra connect sources only to connect-src', () => {
    const csp = directives(contentSecurityPolicy(['ws://127.0.0.1:5000']));
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:5000']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
