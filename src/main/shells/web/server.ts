// The web shell's HTTP server: the built renderer and the contract's WebSocket, on loopback only,
// behind the launch token and the Host and Origin checks.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { WebSocketServer } from 'ws';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../../shared/ipc/socket-messages';
import type { App } from '../../app';
import { contentSecurityPolicy } from '../../serving/csp';
import { contentTypeOf, resolveServedFile } from '../../serving/static-files';
import { hostAllowed, originAllowed, readCookie, tokenCookieName, tokenMatches } from './guard';
import { logConnectionError, serveSocket, type SocketLog } from './socket';

export interface WebShellOptions {
  /**
   * The app, or the app still opening: the page then loads meanwhile and its calls wait for it (the
   * first drafts row with 10,000 drafts came that much sooner, issue 18.5).
   */
  app: App | Promise<App>;
  /** The stored photo a `/photos/...` path names; without it, the app's (waiting for it). */
  photoFile?: (urlPath: string) => Promise<string | undefined>;
  rendererDir: string;
  token: string;
  port?: number;
  /** Where socket failures go (oversized or malformed messages, broken connections). */
  log?: SocketLog;
}

export interface WebShell {
  url: string;
  port: number;
  close(): Promise<void>;
}

function refuse(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${message}\n`);
}

// The request line's target; `//:99999` and the like do not parse and must not throw.
function requestUrl(req: http.IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    return undefined;
  }
}

/** A Content-Disposition naming the file: plain ASCII for old clients, UTF-8 (RFC 6266) for the rest. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Starts the web shell on 127.0.0.1 and resolves once it listens. */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const { rendererDir, token } = options;
  const app = Promise.resolve(options.app);
  const photoFile = options.photoFile ?? (async (urlPath: string) => (await app).photoFile(urlPath));
  const log = options.log ?? { error: () => undefined };
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

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = requestUrl(req);
    if (!url) return refuse(res, 400, 'Bad request.');
    const refused = gate(req, url, false);
    if (refused) return refuse(res, 403, refused);
    if (url.pathname.startsWith('/downloads/')) return serveDownload(req, res, url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');
    // Real paths only: a symlink out of the renderer or photos folder is not followed.
    const served = await resolveServedFile(rendererDir, photoFile, url.pathname);
    const info = served ? await stat(served.file).catch(() => undefined) : undefined;
    if (!served || !info?.isFile()) return refuse(res, 404, 'Not found.');
    const { file, photo } = served;
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
    // A file removed since stat ends this response, not the process.
    pipeline(createReadStream(file), res, (error) => {
      if (error) logConnectionError(log, `Serving ${url.pathname} failed`, error);
    });
  };
  // An export asked for as a download (issue 26.1): served once, then removed.
  const serveDownload = async (req: http.IncomingMessage, res: http.ServerResponse, urlPath: string) => {
    // A HEAD would use up the one fetch the page gets.
    if (req.method !== 'GET') return refuse(res, 405, 'Method not allowed.');
    const { download } = await app;
    const taken = download.take(urlPath);
    const info = taken ? await stat(taken.file).catch(() => undefined) : undefined;
    if (!taken || !info?.isFile()) return refuse(res, 404, 'Not found.');
    res.writeHead(200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': info.size,
      'Content-Disposition': attachment(taken.name),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    pipeline(createReadStream(taken.file), res, (error) => {
      if (error) log.error(`Serving the download ${urlPath} failed`, error);
      download
        .discard(taken.file)
        .catch((failure: unknown) => log.error('Removing a download failed', failure));
    });
  };
  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      logConnectionError(log, 'A web shell request failed', error);
      res.destroy();
    });
  });

  // A bigger message closes its socket with 1009 (ws does so, then reports it as an error).
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE_BYTES });
  sockets.on('error', (error) => log.error("The web shell's socket server failed", error));
  server.on('upgrade', (req, socket, head) => {
    // A connection reset (during the handshake or after it) must not end the process.
    socket.on('error', (error) =>
      logConnectionError(log, 'A page’s connection to the web shell failed', error),
    );
    const url = requestUrl(req);
    const refused = url?.pathname === '/ipc' ? gate(req, url, true) : 'Not found.';
    if (refused) {
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${refused}\n`,
      );
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, app, log));
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
