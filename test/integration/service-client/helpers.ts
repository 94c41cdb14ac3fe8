// Helpers of the service-client suite: a sandbox on loopback, a client wired to it, fixtures and
// small real servers (closed port, self-signed TLS, scripted token service). Nothing is mocked.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Sandbox, SandboxOptions } from '../../../src/sandbox';
import { ServiceError } from '../../../src/main/service-client';
import type { ServiceClient, ServiceClientOptions } from '../../../src/main/service-client';
import { ListingCreateRequest, PublicationCreateRequest } from '../../../src/shared/service';
import { firstClientOf } from '../publish/ports';
import { PNG as SANDBOX_PNG, listingBody, publicationBody, start } from '../sandbox/helpers';

export { start } from '../sandbox/helpers';

/** A 1x1 PNG image (the sandbox suite's), as a Buffer like the files read back. */
export const PNG = Buffer.from(SANDBOX_PNG);

/** Retries with tiny delays, so that the suite stays fast. */
export const FAST_RETRY = { limit: 3, baseDelayMs: 5, maxDelayMs: 50 };

/** A client of `sb`'s first client (Bearer scheme, fast retries), with `overrides`. */
export function clientFor(sb: Sandbox, overrides: Partial<ServiceClientOptions> = {}): ServiceClient {
  return firstClientOf(sb, { retry: FAST_RETRY, ...overrides });
}

/** The ServiceError `promise` rejects with (fails the test when it resolves or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected the call to fail with a ServiceError');
}

/** Requests per status of one route of `sb` (e.g. { '503': 2, '200': 1 }). */
export function hits(sb: Sandbox, route: string): Record<string, number> {
  return sb.stats().requests[route] ?? {};
}

/** The number of records of the first client. */
export function counts(sb: Sandbox) {
  return sb.stats().clients[sb.clients[0]!.clientId]!;
}

/** A valid listing create request (the sandbox suite's, typed by the shared schema). */
export function listingRequest(overrides: Partial<ListingCreateRequest> = {}): ListingCreateRequest {
  return ListingCreateRequest.parse({ ...listingBody(), ...overrides });
}

/** A valid publication create request for `imprintUuid`. */
export function publicationRequest(imprintUuid: string): PublicationCreateRequest {
  return PublicationCreateRequest.parse(publicationBody(imprintUuid));
}

/** A 1x1 JPEG image. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A temporary directory with helpers to write files into it. */
export interface TempDir {
  path: string;
  /** Writes `bytes` to `name` and returns the file's path. */
  write(name: string, bytes: Uint8Array): Promise<string>;
  remove(): Promise<void>;
}

/** Creates a temporary directory. */
export async function tempDir(): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), 'service-client-test-'));
  return {
    path,
    async write(name, bytes) {
      const file = join(path, name);
      await writeFile(file, bytes);
      return file;
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

/** A sandbox, a client of it and a temporary directory, set up before and removed after the file's tests. */
export interface Fixture {
  sb: Sandbox;
  client: ServiceClient;
  dir: TempDir;
}

/** Registers the hooks that fill a Fixture (fields are set once beforeAll has run). */
export function useFixture(options: SandboxOptions = {}): Fixture {
  const fixture = {} as Fixture;
  beforeAll(async () => {
    fixture.sb = await start(options);
    fixture.client = clientFor(fixture.sb);
    fixture.dir = await tempDir();
  });
  afterAll(async () => {
    await fixture.sb?.close();
    await fixture.dir?.remove();
  });
  return fixture;
}

/** The bytes the sandbox serves for a media URL of a listing. */
export async function mediaBytes(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The bytes the sandbox's storage holds for an uploaded (not yet attached) ticket. */
export function uploadedBytes(sb: Sandbox, ticketUuid: string): Promise<Buffer> {
  return readFile(join(sb.filesDir, 'uploads', ticketUuid));
}

/** A loopback URL on which nothing listens (a port that was just freed). */
export async function closedPortUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A running local server; `close` stops it. */
export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** A plain HTTP server on loopback answering with `handler` (for answers the sandbox never gives). */
export async function httpServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An HTTPS server with a throwaway self-signed certificate made by openssl at test time. */
export async function selfSignedServer(dir: string): Promise<LocalServer> {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
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
  ]);
  const server = createHttpsServer({ key: await readFile(key), cert: await readFile(cert) }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
