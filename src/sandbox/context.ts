// What every route handler works with; one object per sandbox instance.
import type { TokenService } from './auth';
import type { CatalogSource } from './catalog-check';
import type { Line } from './bandwidth';
import type { FaultSet } from './faults';
import type { FileStore } from './files';
import type { ClientConfig } from './model';
import type { Quirks } from './quirks';
import type { RateLimiter } from './rate-limit';
import type { UrlSigner } from './signing';
import type { RequestStats } from './stats';
import type { Store } from './store';

/** Settings that can change while the sandbox runs (see `Sandbox.configure`). */
export interface RuntimeConfig {
  tokenTtlSeconds: number;
  ticketTtlSeconds: number;
  validationDelayMs: number;
  maxMediaBytes: number;
  latencyMs: number;
  /** Rate of request and response bodies in Mbit/s (one shared pipe per direction); 0 = unlimited. */
  bandwidthMbit: number;
}

/** Shared state of one sandbox instance. */
export interface SandboxContext {
  config: RuntimeConfig;
  quirks: Quirks;
  readonly store: Store;
  readonly files: FileStore;
  readonly tokens: TokenService;
  readonly signer: UrlSigner;
  readonly faults: FaultSet;
  readonly stats: RequestStats;
  /** The modelled line bodies cross (see bandwidth.ts). */
  readonly line: Line;
  readonly clients: Map<string, ClientConfig>;
  /** The rate-limit knob (rate-limit.ts). */
  readonly rateLimit: RateLimiter;
  /** The marketplace's catalog, for the quirks `categoryPaths` and `attributeValues`. */
  catalog: CatalogSource;
  /** `http://host:port`, known once listening. */
  origin: string;
  /** Aborted on close, so injected delays end with the server. */
  readonly closing: AbortSignal;
}

/** Prefix of media URLs: `<prefix>/<media_uuid>` serves the image. */
export function mediaPrefix(ctx: SandboxContext): string {
  return `${ctx.origin}/media`;
}
