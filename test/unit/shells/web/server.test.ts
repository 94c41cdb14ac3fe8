import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createLaunchToken, tokenCookieName } from '../../../../src/main/shells/web/guard';
import { startWebShell, type WebShell } from '../../../../src/main/shells/web/server';
import { createTempApp, tempDir, type TempApp } from '../../helpers/temp-app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('startWebShell', () => {
  const temp = tempDir();
  const rendererDir = path.join(temp.dir, 'renderer');
  const token = createLaunchToken();
  let backEnd: TempApp;
  let shell: WebShell;
  let ownHost: string;
  let ownOrigin: string;
  let cookie: string;

  beforeAll(async () => {
    mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Listing Desk</title>');
    writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
    writeFileSync(path.join(temp.dir, 'secret.txt'), 'TOP SECRET');
    backEnd = await createTempApp(path.join(temp.dir, 'data'));
    shell = await startWebShell({ app: backEnd.app, rendererDir, token, port: 0 });
    ownHost = `127.0.0.1:${shell.port}`;
    ownOrigin = `http://${ownHost}`;
    cookie = `${tokenCookieName(shell.port)}=${token}`;
  });

  afterAll(async () => {
    await shell?.close();
    await backEnd?.remove();
    temp.remove();
  });

  function request(urlPath: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: shell.port,
          path: urlPath,
          method,
          headers: { host: ownHost, ...headers },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** Opens /ipc; resolves with the open socket, or with the HTTP status of the refusal. */
  function connect(options: { headers?: Record<string, string>; origin?: string; path?: string } = {}) {
    return new Promise<{ socket?: WebSocket; status?: number }>((resolve, reject) => {
      const socket = new WebSocket(`ws://${ownHost}${options.path ?? '/ipc'}`, {
        headers: options.headers,
        origin: options.origin,
      });
      socket.on('open', () => resolve({ socket }));
      socket.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode });
        res.resume();
        socket.terminate();
      });
      socket.on('error', reject);
    });
  }

  function callOver(socket: WebSocket, id: number, channel: string, input?: unknown): Promise<unknown> {
    return new Promise((resolve) => {
      const onMessage = (data: unknown) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, channel, input }));
    });
  }

  it('listens on loopback and prints an address carrying the token', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/?token=${token}`);
    expect(shell.port).toBeGreaterThan(0);
  });

  it('refuses the page without the token', async () => {
    const answer = await request('/');
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('Listing Desk</title>');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong token', async () => {
    expect((await request(`/?token=${token.slice(0, -1)}x`)).status).toBe(403);
    expect((await request('/', { cookie: `${tokenCookieName(shell.port)}=nope` })).status).toBe(403);
    expect((await request('/', { cookie: `${tokenCookieName(shell.port + 1)}=${token}` })).status).toBe(403);
  });

  it('serves the page with the token and sets an HttpOnly, SameSite=Strict cookie', async () => {
    const answer = await request(`/?token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<!doctype html><title>Listing Desk</title>');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toContain(
      `connect-src 'self' ws://127.0.0.1:${shell.port}`,
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const setCookie = answer.headers['set-cookie'] ?? [];
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toContain(`${cookie};`);
    expect(setCookie[0]).toMatch(/;\s*HttpOnly/);
    expect(setCookie[0]).toMatch(/;\s*SameSite=Strict/);
  });

  it('serves files with the cookie alone, without setting it again', async () => {
    const answer = await request('/assets/app.js', { cookie: `theme=dark; ${cookie}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('console.log("app");');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it.each([['evil.example'], ['evil.example:PORT'], ['localhost.evil.example:PORT'], ['127.0.0.1:1']])(
    'refuses Host %s even with the token',
    async (host) => {
      const answer = await request(`/?token=${token}`, { host: host.replace('PORT', String(shell.port)) });
      expect(answer.status).toBe(403);
      expect(answer.headers['set-cookie']).toBeUndefined();
    },
  );

  it('accepts Host localhost:PORT', async () => {
    expect((await request(`/?token=${token}`, { host: `localhost:${shell.port}` })).status).toBe(200);
  });

  it('refuses a request from a foreign page even with the cookie', async () => {
    expect((await request('/', { cookie, origin: 'http://evil.example' })).status).toBe(403);
  });

  it('serves a draft’s stored photo behind the token, and nothing else of the data folder', async () => {
    const draftId = '3f1c2b9e-1111-4a4a-8b8b-000000000000';
    const name = '0b6f1f0e-2222-4b4b-9c9c-111111111111.thumb.jpg';
    const folder = path.join(backEnd.dataDir, 'photos', draftId);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, name), 'JPEG BYTES');
    writeFileSync(path.join(folder, 'notes.txt'), 'private');
    const ok = await request(`/photos/${draftId}/${name}`, { cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('JPEG BYTES');
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await request(`/photos/${draftId}/${name}`)).status).toBe(403);
    expect((await request(`/photos/${draftId}/notes.txt`, { cookie })).status).toBe(404);
    expect((await request(`/photos/${draftId}/..%2f..%2faccounts.json`, { cookie })).status).toBe(404);
    expect((await request('/accounts.json', { cookie })).status).toBe(404);
  });

  it('follows no symlink out of the photos or the renderer folder', async () => {
    const draftId = '3f1c2b9e-1111-4a4a-8b8b-000000000001';
    const inside = '0b6f1f0e-2222-4b4b-9c9c-111111111112.jpg';
    const link = '0b6f1f0e-2222-4b4b-9c9c-111111111113.jpg';
    const folder = path.join(backEnd.dataDir, 'photos', draftId);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, inside), 'JPEG BYTES');
    symlinkSync(path.join(temp.dir, 'secret.txt'), path.join(folder, link));
    symlinkSync(path.join(temp.dir, 'secret.txt'), path.join(rendererDir, 'assets', 'leak.js'));
    expect((await request(`/photos/${draftId}/${inside}`, { cookie })).status).toBe(200);
    for (const urlPath of [`/photos/${draftId}/${link}`, '/assets/leak.js']) {
      const answer = await request(urlPath, { cookie });
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('TOP SECRET');
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await request('/', { cookie, origin: ownOrigin }, 'POST')).status).toBe(405);
    const head = await request('/', { cookie }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it.each([
    '/..%2fsecret.txt',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/missing.js',
    '/assets',
  ])('serves nothing outside the renderer folder: %s', async (urlPath) => {
    const answer = await request(urlPath, { cookie });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('TOP SECRET');
  });

  it('refuses the socket without the token', async () => {
    expect(await connect({ origin: ownOrigin })).toEqual({ status: 403 });
  });

  it('refuses the socket from a foreign or missing Origin even with the cookie', async () => {
    expect(await connect({ origin: 'http://evil.example', headers: { cookie } })).toEqual({ status: 403 });
    expect(await connect({ origin: `http://127.0.0.1:${shell.port + 1}`, headers: { cookie } })).toEqual({
      status: 403,
    });
    expect(await connect({ headers: { cookie } })).toEqual({ status: 403 });
  });

  it('refuses a socket on any path but /ipc', async () => {
    expect(await connect({ origin: ownOrigin, headers: { cookie }, path: '/other' })).toEqual({
      status: 403,
    });
  });

  it('carries contract calls and events over the socket with the cookie and own origin', async () => {
    const { socket } = await connect({ origin: ownOrigin, headers: { cookie } });
    expect(socket).toBeDefined();
    const ws = socket!;
    try {
      await expect(callOver(ws, 1, 'app:info')).resolves.toMatchObject({
        ok: true,
        value: { name: 'Listing Desk', shell: 'web', version: '9.8.7', dataDir: backEnd.dataDir },
      });
      await expect(callOver(ws, 2, 'nope:nothing')).resolves.toMatchObject({
        ok: false,
        error: { code: 'unknown-channel' },
      });
      await expect(callOver(ws, 3, 'settings:set', { language: 'fr' })).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });

      const event = new Promise<unknown>((resolve) => {
        ws.on('message', (data) => {
          const message = JSON.parse(String(data)) as { event?: string };
          if (message.event) resolve(message);
        });
      });
      await expect(callOver(ws, 4, 'settings:set', { language: 'de' })).resolves.toEqual({
        ok: true,
        value: {
          language: 'de',
          theme: 'system',
          photoMaxEdge: 2048,
          publishDrafts: 'auto',
          publishUploads: 16,
        },
      });
      await expect(event).resolves.toEqual({
        event: 'settings:changed',
        payload: {
          language: 'de',
          theme: 'system',
          photoMaxEdge: 2048,
          publishDrafts: 'auto',
          publishUploads: 16,
        },
      });
    } finally {
      ws.close();
    }
  });

  it('accepts the token in the socket URL too', async () => {
    const { socket } = await connect({ origin: ownOrigin, path: `/ipc?token=${token}` });
    expect(socket).toBeDefined();
    socket!.close();
  });

  it('closes the socket on a malformed message', async () => {
    const { socket } = await connect({ origin: ownOrigin, headers: { cookie } });
    const closed = new Promise<number>((resolve) => socket!.on('close', (code) => resolve(code)));
    socket!.send('{"channel":"app:info"}');
    await expect(closed).resolves.toBe(1003);
  });

  it('still serves pages after a socket was closed for a malformed message', async () => {
    expect((await request('/', { cookie })).status).toBe(200);
  });
});
