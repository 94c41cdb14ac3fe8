// A feed served like a shop's server serves it: with an ETag and a Last-Modified, answering a
// conditional request that names the current version with a 304, gzip-encoded when the client
// asks for it. Each request's conditional headers are recorded, so a test sees what the app sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** One version of a served file. */
export interface Served {
  body: string | Buffer;
  type: string;
  etag?: string;
  lastModified?: Date;
  /** Sent with `content-encoding: gzip` when the client accepts it. */
  gzip?: boolean;
}

/** What one request asked for. */
export interface SeenRequest {
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  status: number;
}

/** Answers `request` with `served`, or a 304 when the request's validators name it. */
export function answerConditionally(
  request: IncomingMessage,
  response: ServerResponse,
  served: Served,
  seen: SeenRequest[],
): void {
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const matches =
    ifNoneMatch !== undefined
      ? served.etag !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(served.etag)
      : ifModifiedSince !== undefined &&
        served.lastModified !== undefined &&
        Math.floor(served.lastModified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
  const headers: Record<string, string> = { 'content-type': served.type };
  if (served.etag !== undefined) headers.etag = served.etag;
  if (served.lastModified !== undefined) headers['last-modified'] = served.lastModified.toUTCString();
  const status = matches ? 304 : 200;
  seen.push({
    path: request.url ?? '',
    ...(ifNoneMatch !== undefined && { ifNoneMatch }),
    ...(ifModifiedSince !== undefined && { ifModifiedSince }),
    status,
  });
  if (matches) return void response.writeHead(304, headers).end();
  const gzip = served.gzip === true && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipSync(served.body) : served.body;
  if (gzip) headers['content-encoding'] = 'gzip';
  response.writeHead(200, headers).end(body);
}
