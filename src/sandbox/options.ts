// Options of startSandbox; they mirror the CLI flags.
import type { RuntimeConfig } from './context';
import type { FaultRule } from './faults';
import type { ClientConfig } from './model';
import type { QuirksPatch } from './quirks';
import type { RateLimit } from './rate-limit';

/** Options of `startSandbox`; every field is optional. */
export interface SandboxOptions {
  /** Milliseconds after start when Fastify and the routes load if no request came first (1500). */
  buildDelayMs?: number;
  /** Port to listen on; 0 (default) = any free port (with `dataDir`, the previous port is tried first). */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Clients allowed to get tokens; default: the persisted ones, else one generated default client. */
  clients?: ClientConfig[];
  /**
   * Write the clients (with their secrets) to `<dataDir>/state.json` (default true). The app passes
   * false: it hands its client in at every start from the OS keychain, so no secret lands on disk.
   */
  persistClients?: boolean;
  /** Access token lifetime in seconds (default 3600). */
  tokenTtlSeconds?: number;
  /** Upload ticket lifetime in seconds (default 900). */
  ticketTtlSeconds?: number;
  /** Time from a publication's create or update until it settles, in ms (default 300). */
  validationDelayMs?: number;
  /** Largest media file that can be attached, in bytes (default 20 MiB); larger gives 413. */
  maxMediaBytes?: number;
  /** Delay added to every request, in ms (default 0). */
  latencyMs?: number;
  /**
   * Rate of request bodies (the storage PUT included) and of response bodies, in Mbit/s (10^6 bit/s);
   * default 0 = unlimited. One pipe per direction is shared by all requests, as a seller's line is.
   */
  bandwidthMbit?: number;
  /** Directory to persist state and files in; default: memory (files in a temp dir removed on close). */
  dataDir?: string;
  /** Seed of the fault PRNG and of the generated default client secret. */
  seed?: number;
  /** Fault rules active from the start. */
  faults?: FaultRule[];
  /** Quirks for the spec's "not shown" points (see quirks.ts). */
  quirks?: QuirksPatch;
  /**
   * The catalog file the quirks `categoryPaths` and `attributeValues` check against; default: the
   * one shipped with the app (src/shared/marketplace-catalog.json).
   */
  catalogFile?: string;
  /** Calls per second per client on the listings service, 429 beyond (rate-limit.ts); default none. */
  rateLimit?: RateLimit;
  /** Log requests to stderr (default false). */
  log?: boolean;
}

/** Id of the client generated when none is configured. */
export const DEFAULT_CLIENT_ID = 'sandbox-client';

/** Run-time settings from options, with defaults. */
export function runtimeConfig(options: SandboxOptions): RuntimeConfig {
  const config: RuntimeConfig = {
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    ticketTtlSeconds: options.ticketTtlSeconds ?? 900,
    validationDelayMs: options.validationDelayMs ?? 300,
    maxMediaBytes: options.maxMediaBytes ?? 20 * 1024 * 1024,
    latencyMs: options.latencyMs ?? 0,
    bandwidthMbit: options.bandwidthMbit ?? 0,
  };
  checkConfig(config);
  return config;
}

/** Throws when a setting is out of range. */
export function checkConfig(config: RuntimeConfig): void {
  for (const [name, value] of Object.entries(config)) {
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw new Error(`Invalid sandbox setting ${name}: ${String(value)}`);
    }
  }
  if (config.tokenTtlSeconds <= 0 || config.ticketTtlSeconds <= 0) throw new Error('TTLs must be > 0');
}
