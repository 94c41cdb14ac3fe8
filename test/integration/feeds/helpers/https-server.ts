// A real https server on loopback for feed downloads, with a throwaway certificate that openssl
// makes at test time; the app trusts it only through the `ca` the test hands over.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

export interface TestServer {
  /** e.g. `https://127.0.0.1:PORT` */
  origin: string;
  /** The certificate to trust (PEM). */
  ca: Buffer;
  /** Requests seen, by path. */
  hits: string[];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Makes a self-signed certificate for 127.0.0.1 in `dir`. */
async function makeCertificate(dir: string): Promise<{ key: Buffer; cert: Buffer }> {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  return { key: await readFile(key), cert: await readFile(cert) };
}

/** Starts an https server on 127.0.0.1 answering with `handler`. */
export async function startHttpsServer(dir: string, handler: Handler): Promise<TestServer> {
  const { key, cert } = await makeCertificate(dir);
  const hits: string[] = [];
  const server = createHttpsServer({ key, cert }, (request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: cert,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain http server on loopback (what a feed must never be sent to). */
export async function startHttpServer(handler: Handler): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether the request carries basic auth for `user` and `password`. */
export function hasBasicAuth(request: IncomingMessage, user: string, password: string): boolean {
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return request.headers.authorization === expected;
}
