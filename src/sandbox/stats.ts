// Request counters per route key and status, kept cheap because they run on every request.
import type { ClientCounts } from './store';

/** Snapshot of the sandbox's counters. */
export interface SandboxStats {
  /** Requests per route key (e.g. 'POST /v1/listings') and status ('200', '404', 'reset'). */
  requests: Record<string, Record<string, number>>;
  /** Access tokens issued. */
  tokens: number;
  /** Records per client (see ClientCounts). */
  clients: Record<string, ClientCounts>;
}

/** Counters of requests by route and status. */
export class RequestStats {
  private readonly counts = new Map<string, Map<string, number>>();
  tokens = 0;

  /** Counts one request of `routeKey` answered with `status` (or 'reset'). */
  record(routeKey: string, status: number | string): void {
    let byStatus = this.counts.get(routeKey);
    if (!byStatus) this.counts.set(routeKey, (byStatus = new Map()));
    const key = String(status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }

  /** The request counters as plain objects. */
  requests(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const [route, byStatus] of this.counts) out[route] = Object.fromEntries(byStatus);
    return out;
  }

  /** Forgets every counter. */
  reset(): void {
    this.counts.clear();
    this.tokens = 0;
  }
}
