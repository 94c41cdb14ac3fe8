// The web shell's HTTP server: the built renderer and the contract's WebSocket, on loopback only,
// behind the launch token and the Host and Origin checks.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { App } from '../../app';
import { contentSecurityPolicy } from '../../csp';
import { contentTypeOf, resolveStaticFile } from '../../static-files';
import { hostAllowed, originAllowed, readCookie, tokenCookieName, tokenMatches } from './guard';
import { serveSocket } from './socket';

export interface WebShellOptions {
  app: App;
  rendererDir: string;
  token: string;
  port?: number;
}

export interface WebShell {
  url: string;
  port: number;
  close(): Promise<void>;
}

// A photo of at most 50 MiB travels as base64 in one message (4/3 of its size, plus the envelope).
const MAX_MESSAGE_BYTES = 72 * 1024 * 1024;

function refuse(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${message}\n`);
}

/** Starts the web shell on 127.0.0.1 and resolves once it listens. */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const { app, rendererDir, token } = options;
  let port = 0;
  const authorized = (req: http.IncomingMessage, url: URL) =>
    tokenMatches(token, url.searchParams.get('token')) ||
    tokenMatches(token, readCookie(req.headers.cookie, tokenCookieName(port)));
  const gate = (req: http.IncomingMessage, url: URL, originRequired: boolean): string | undefined => {
    if (!hostAllowed(req.headers.host, port)) return 'Unknown host.';
    if (!originAllowed(req.headers.origin, port, originRequired)) return 'Foreign origin.';
    if (!authorized(req, url))
      return 'Open Listing Desk with the address it printed at start (it carries a token).';
    return undefined;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refused = gate(req, url, false);
    if (refused) return refuse(res, 403, refused);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');
    const photo = app.photoFile(url.pathname);
    const file = photo ?? resolveStaticFile(rendererDir, url.pathname);
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !info?.isFile()) return refuse(res, 404, 'Not found.');
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': contentTypeOf(file),
      'Content-Length': info.size,
      // A photo's name is a fresh uuid: its bytes never change, so the page may keep it.
      'Cache-Control': photo ? 'private, max-age=31536000, immutable' : 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]),
    };
    if (url.searchParams.has('token')) {
      headers['Set-Cookie'] = `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refused = url.pathname === '/ipc' ? gate(req, url, true) : 'Not found.';
    if (refused) {
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${refused}\n`,
      );
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, app));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
