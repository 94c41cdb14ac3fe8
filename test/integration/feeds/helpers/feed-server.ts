// A shop's feed server for the tests of issue 35.4: a real https server on loopback (the throwaway
// certificate of https-server.ts) that serves each feed version by version with an ETag and a
// Last-Modified (or Last-Modified alone, as Shopware 6 does), gzip when the client asks for it,
// answers 304 to a matching If-None-Match or If-Modified-Since, and records every request with
// its conditional headers. Photos under /media/ are real JPEGs, one colour a name.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { startHttpsServer, type TestServer } from './https-server';

/** One request as the server saw it. */
export interface SeenRequest {
  /** The path as requested, query and `%2C` included. */
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  acceptEncoding?: string;
  status: number;
  /** The body went out gzip-encoded. */
  gzip: boolean;
}

export interface ServeOptions {
  /** Content-Type (default: by the path's ending). */
  type?: string;
  /** Send an ETag (default true); Shopware 6 sends Last-Modified only. */
  etag?: boolean;
  /** Gzip the body when the client accepts it (default true). */
  gzip?: boolean;
}

export interface FeedServer extends TestServer {
  /** Serves `body` at `path` from now on as a new version; answers its address. */
  serve(path: string, body: string | Buffer, options?: ServeOptions): string;
  /** Stops serving `path` (then 404). */
  remove(path: string): void;
  /** The requests for `path` (all requests when absent), oldest first. */
  requests(path?: string): SeenRequest[];
  /** Forgets the requests seen so far. */
  clear(): void;
  /** The address of `path`. */
  url(path: string): string;
}

interface Version {
  body: Buffer;
  type: string;
  etag?: string;
  lastModified: Date;
  gzip: boolean;
}

const TYPES: [RegExp, string][] = [
  [/\.xml$/, 'text/xml; charset=UTF-8'],
  [/\.atom$/, 'application/atom+xml; charset=utf-8'],
  [/\.tsv$/, 'text/tab-separated-values; charset=utf-8'],
  [/\.csv$/, 'text/csv; charset=UTF-8'],
];

/** Whether an If-None-Match header names `etag` (weak comparison, `*` matches any). */
export function etagMatches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** A small real JPEG whose colour follows its name. */
async function photoFor(name: string): Promise<Buffer> {
  const hash = createHash('sha256').update(name).digest();
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: hash[0]!, g: hash[1]!, b: hash[2]! } },
  })
    .jpeg()
    .toBuffer();
}

/** Starts the feed server (its certificate made in `dir`). */
export async function startFeedServer(dir: string): Promise<FeedServer> {
  const versions = new Map<string, Version>();
  const photos = new Map<string, Promise<Buffer>>();
  let seen: SeenRequest[] = [];
  let latest = 0;

  const answer = (request: IncomingMessage, response: ServerResponse, version: Version) => {
    const path = request.url ?? '';
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const noneMatch = header('if-none-match');
    const modifiedSince = header('if-modified-since');
    const accept = header('accept-encoding');
    const note: SeenRequest = {
      path,
      ...(noneMatch !== undefined && { ifNoneMatch: noneMatch }),
      ...(modifiedSince !== undefined && { ifModifiedSince: modifiedSince }),
      ...(accept !== undefined && { acceptEncoding: accept }),
      status: 200,
      gzip: false,
    };
    seen.push(note);
    const validators = {
      'last-modified': version.lastModified.toUTCString(),
      ...(version.etag !== undefined && { etag: version.etag }),
    };
    // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
    const unchanged =
      noneMatch !== undefined
        ? version.etag !== undefined && etagMatches(noneMatch, version.etag)
        : modifiedSince !== undefined && version.lastModified.getTime() <= Date.parse(modifiedSince);
    if (unchanged) {
      note.status = 304;
      response.writeHead(304, validators).end();
      return;
    }
    const gzip = version.gzip && /\bgzip\b/.test(accept ?? '');
    note.gzip = gzip;
    const body = gzip ? gzipSync(version.body) : version.body;
    response
      .writeHead(200, {
        'content-type': version.type,
        'content-length': String(body.length),
        vary: 'Accept-Encoding',
        ...(gzip && { 'content-encoding': 'gzip' }),
        ...validators,
      })
      .end(request.method === 'HEAD' ? undefined : body);
  };

  const server = await startHttpsServer(dir, (request, response) => {
    const path = request.url ?? '';
    const version = versions.get(path);
    if (version) return answer(request, response, version);
    const photo = /^\/media\/([^/?]+\.jpe?g)$/.exec(path)?.[1];
    if (photo) {
      if (!photos.has(photo)) photos.set(photo, photoFor(photo));
      void photos.get(photo)!.then((body) =>
        answer(request, response, {
          body,
          type: 'image/jpeg',
          etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`,
          lastModified: new Date('2026-11-01T10:00:00Z'),
          gzip: false,
        }),
      );
      return;
    }
    seen.push({ path, status: 404, gzip: false });
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });

  return {
    ...server,
    url: (path) => `${server.origin}${path}`,
    serve(path, body, options = {}) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
      // The same bytes again are the same version (a server whose file did not change).
      if (versions.get(path)?.body.equals(bytes)) return `${server.origin}${path}`;
      // HTTP dates count seconds: each version is at least a second newer than the one before.
      const at = Math.max(Math.floor(Date.now() / 1000) * 1000, latest + 1000);
      latest = at;
      versions.set(path, {
        body: bytes,
        type: options.type ?? TYPES.find(([ending]) => ending.test(path))?.[1] ?? 'application/octet-stream',
        ...(options.etag !== false && {
          etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 20)}"`,
        }),
        lastModified: new Date(at),
        gzip: options.gzip !== false,
      });
      return `${server.origin}${path}`;
    },
    remove(path) {
      versions.delete(path);
    },
    requests: (path) => (path === undefined ? [...seen] : seen.filter((r) => r.path === path)),
    clear() {
      seen = [];
    },
  };
}
