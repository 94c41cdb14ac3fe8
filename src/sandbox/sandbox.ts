// startSandbox: assembles state, persistence, files and the server, and listens.
import { setMaxListeners } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { TokenService } from './auth';
import { Pipe } from './bandwidth';
import type { RuntimeConfig, SandboxContext } from './context';
import { openCatalogSource } from './catalog-check';
import { FaultSet } from './faults';
import type { FaultRule } from './faults';
import { FileStore } from './files';
import type { ClientConfig, PersistedState } from './model';
import { DEFAULT_CLIENT_ID, checkConfig, runtimeConfig } from './options';
import type { SandboxOptions } from './options';
import type { FastifyInstance } from 'fastify';
import { StateWriter, loadState } from './persistence';
import { DEFAULT_QUIRKS, applyQuirks } from './quirks';
import type { Quirks, QuirksPatch } from './quirks';
import { RateLimiter } from './rate-limit';
import type { RateLimit, RateLimitFigures } from './rate-limit';
import { makeRandom, makeSecret } from './random';
import { API_PREFIX, AUTH_PREFIX } from './prefixes';
import { UrlSigner } from './signing';
import { RequestStats } from './stats';
import type { SandboxStats } from './stats';
import { Store } from './store';

/** A running sandbox. */
export interface Sandbox {
  /** Root of the token service: `POST {authUrl}/oidc/token`. */
  readonly authUrl: string;
  /** Root of the listings service: `{baseUrl}/v1/listings`. */
  readonly baseUrl: string;
  /** Directory of uploaded and attached files (a temporary one, removed on close, without `dataDir`). */
  readonly filesDir: string;
  /** Clients that can get tokens (the first is the default). */
  readonly clients: readonly ClientConfig[];
  /** Counters of requests, tokens and records per client. */
  stats(): SandboxStats;
  /** Forgets the request and token counters (records stay). */
  resetStats(): void;
  /** Injected failures, changeable at run time. */
  readonly faults: {
    /** Adds a rule; returns a function that removes it. */
    add(rule: FaultRule): () => void;
    /** Removes every rule. */
    clear(): void;
    /** The active rules (with remaining `times`). */
    list(): FaultRule[];
  };
  /** The current quirks. */
  readonly quirks: Readonly<Quirks>;
  /** Changes some quirks; returns the new set. */
  setQuirks(patch: QuirksPatch): Quirks;
  /** Body bytes received and sent while a bandwidth was set (see `bandwidthMbit`). */
  traffic(): { received: number; sent: number };
  /** Checks later listings against this catalog file (the quirks `categoryPaths`, `attributeValues`). */
  useCatalogFile(file: string): Promise<void>;
  /** Sets the rate-limit knob (`{}`: no limit); buckets start full. */
  setRateLimit(limit: RateLimit): void;
  /** What the rate-limit knob counted: one client's calls and 429s, or every client's summed. */
  rateLimitCounts(clientId?: string): RateLimitFigures;
  /** Changes run-time settings (TTLs, validation delay, media limit, latency, bandwidth) for later requests. */
  configure(patch: Partial<RuntimeConfig>): void;
  /** Stops the server, writes the state (with `dataDir`) and removes temporary files. */
  close(): Promise<void>;
}

/** Starts a sandbox listening on `host:port`; resolves once it accepts requests. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const config = runtimeConfig(options);
  let quirks = applyQuirks(
    { ...DEFAULT_QUIRKS, stateNames: { ...DEFAULT_QUIRKS.stateNames } },
    options.quirks ?? {},
  );
  const warn = (message: string): void => void process.stderr.write(`${message}\n`);
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const saved = options.dataDir ? await loadState(options.dataDir, warn) : null;
  const catalog = await openCatalogSource(options.catalogFile);

  const keys = saved?.keys ?? {
    jwt: randomBytes(32).toString('base64'),
    storage: randomBytes(32).toString('base64'),
  };
  const clientList = resolveClients(options, saved);
  const clients = new Map(clientList.map((c) => [c.clientId, c]));
  const store = new Store();
  if (saved) store.load(saved);
  const files = await FileStore.open(options.dataDir);
  const closing = new AbortController();
  // Every request in its latency or fault delay listens to this signal: many at once is normal.
  setMaxListeners(10_000, closing.signal);
  const faults = new FaultSet(makeRandom(options.seed));
  for (const rule of options.faults ?? []) faults.add(rule);

  const ctx: SandboxContext = {
    config,
    quirks,
    store,
    files,
    tokens: new TokenService(
      Buffer.from(keys.jwt, 'base64'),
      () => ctx.config.tokenTtlSeconds,
      (id) => clients.has(id),
    ),
    signer: new UrlSigner(Buffer.from(keys.storage, 'base64')),
    faults,
    stats: new RequestStats(),
    line: {
      up: new Pipe(() => ctx.config.bandwidthMbit, closing.signal),
      down: new Pipe(() => ctx.config.bandwidthMbit, closing.signal),
    },
    clients,
    rateLimit: new RateLimiter(options.rateLimit),
    catalog,
    origin: '',
    closing: closing.signal,
  };

  let port: number | null = saved?.port ?? null;
  const persistedClients = options.persistClients === false ? [] : clientList;
  const snapshot = (): PersistedState => ({
    version: 1,
    keys,
    clients: persistedClients,
    port,
    ...store.dump(),
  });
  const writer = options.dataDir
    ? new StateWriter(options.dataDir, snapshot, (e) => warn(`sandbox: could not save state: ${String(e)}`))
    : null;
  if (writer) store.onChange = () => writer.markDirty();

  // The port is taken at once with Node's own server, so the addresses are known; Fastify and the
  // routes (a tenth of a second of the app's start) are loaded at the first request or a moment
  // after start, whichever comes first (issue 18.5: the app's first screen does not wait for them).
  const server = createServer();
  let app: FastifyInstance | null = null;
  let building: Promise<Handler> | null = null;
  const build = (): Promise<Handler> =>
    (building ??= buildApp(ctx, options.log ?? false, server).then(({ app: built, handler }) => {
      app = built;
      return handler;
    }));
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    build().then(
      (handler) => handler(request, response),
      (error: unknown) => {
        warn(`sandbox: could not start its server: ${String(error)}`);
        response.writeHead(503).end();
      },
    );
  });
  const host = options.host ?? '127.0.0.1';
  try {
    port = await listen(server, host, options.port ?? 0, options.dataDir ? port : null);
  } catch (error) {
    await files.close();
    throw error;
  }
  const warmUp = setTimeout(() => void build().catch(() => undefined), options.buildDelayMs ?? 1500);
  warmUp.unref();
  const urlHost = host.includes(':') ? `[${host}]` : host;
  ctx.origin = `http://${urlHost}:${port}`;
  writer?.markDirty();
  // Expired tickets and their uploads are swept now and then even when no new tickets come in.
  const sweeper = setInterval(() => {
    for (const gone of store.sweepTickets(Date.now())) void files.removeUpload(gone.uuid).catch(() => {});
  }, 60_000);
  sweeper.unref();

  let closed: Promise<void> | null = null;
  return {
    authUrl: `${ctx.origin}${AUTH_PREFIX}`,
    baseUrl: `${ctx.origin}${API_PREFIX}`,
    filesDir: files.root,
    clients: clientList.map((c) => ({ ...c })),
    stats: () => ({
      requests: ctx.stats.requests(),
      tokens: ctx.stats.tokens,
      clients: store.counts(clients.keys()),
    }),
    resetStats: () => {
      ctx.stats.reset();
      ctx.rateLimit.resetCounts();
    },
    setRateLimit: (limit) => ctx.rateLimit.set(limit),
    rateLimitCounts: (clientId) => ctx.rateLimit.counts(clientId),
    traffic: () => ({ received: ctx.line.up.bytes, sent: ctx.line.down.bytes }),
    faults: {
      add: (rule) => faults.add(rule),
      clear: () => faults.clear(),
      list: () => faults.list(),
    },
    get quirks() {
      return quirks;
    },
    setQuirks(patch) {
      quirks = applyQuirks(quirks, patch);
      ctx.quirks = quirks;
      return quirks;
    },
    async useCatalogFile(file) {
      ctx.catalog = await openCatalogSource(file);
    },
    configure(patch) {
      const next = { ...ctx.config, ...patch };
      checkConfig(next);
      ctx.config = next;
    },
    close: () =>
      (closed ??= (async () => {
        clearInterval(sweeper);
        clearTimeout(warmUp);
        closing.abort();
        if (building) await building.catch(() => undefined);
        await app?.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await writer?.flush();
        await files.close();
      })()),
  };
}

function resolveClients(options: SandboxOptions, saved: PersistedState | null): ClientConfig[] {
  const list = options.clients?.length ? options.clients : saved?.clients?.length ? saved.clients : null;
  if (list) {
    const ids = new Set(list.map((c) => c.clientId));
    if (ids.size !== list.length || list.some((c) => !c.clientId || !c.clientSecret)) {
      throw new Error('Sandbox clients need distinct non-empty ids and non-empty secrets');
    }
    return list.map((c) => ({ ...c }));
  }
  return [{ clientId: DEFAULT_CLIENT_ID, clientSecret: makeSecret(options.seed, DEFAULT_CLIENT_ID) }];
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Loads Fastify and the routes, on `server`, which already listens. */
async function buildApp(ctx: SandboxContext, log: boolean, server: Server) {
  const { buildServer } = await import('./server');
  let handler: Handler | null = null;
  const app = buildServer(ctx, log, (httpHandler) => {
    handler = httpHandler;
    return server;
  });
  await app.ready();
  if (!handler) throw new Error('sandbox: Fastify gave no request handler');
  return { app, handler: handler as Handler };
}

async function listen(server: Server, host: string, port: number, previous: number | null): Promise<number> {
  const on = (at: number) =>
    new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      server.once('error', failed);
      server.listen({ host, port: at }, () => {
        server.off('error', failed);
        resolve();
      });
    });
  // With a data dir, media URLs stay the same across restarts when the previous port is free again.
  if (port === 0 && previous) {
    try {
      await on(previous);
      return previous;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  await on(port);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox: no TCP address');
  return address.port;
}
