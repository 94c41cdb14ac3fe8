// The desk's session with the shop's database (connection/shop-session.ts's contract): the pool, the link's
// state as every query finds it, the desk's one LISTEN connection (the feed's, the listings' and the
// publish queue's and the accounts' rate limits' channels: one per desk, so a shop of twenty fits PostgreSQL's connections),
// a heartbeat that keeps desks.last_seen about a minute fresh, and, while offline, tries again
// with a growing pause until the database answers. Idle and connected, the desk sends one query
// a minute (the heartbeat): no polling loop; the feed is read when woken.
import pg from 'pg';
import type { Log } from '../../log/log';
import {
  createLinkState,
  shopProblemOf,
  type ShopMembership,
  deskApplicationName,
  openShopPool,
  shopConnectionString,
  type ShopSession,
} from '../connection';
import {
  APPROVALS_CHANNEL,
  FEED_CHANNEL,
  JOBS_CHANNEL,
  LISTINGS_CHANNEL,
  PACE_CHANNEL,
  SHOP_SCHEMA,
} from '../schema';

export interface ShopSessionOptions {
  log: Log;
  /** Pause between heartbeats (default a minute). */
  heartbeatMs?: number;
  /** Pauses between tries while offline: the first, doubled up to the last (default 0.5 s to 15 s). */
  retry?: { firstMs: number; maxMs: number };
  connectTimeoutMs?: number;
}

/** The session the sync room works with: the shared contract plus its own way in. */
export interface SyncSession extends ShopSession {
  /** Runs one statement on the pool, noting the link's state from how it went. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
  /** Notes a failure of work done on the pool directly (a COPY): a link down goes offline. */
  noteFailure(error: unknown): void;
  /** Told when the change feed may have grown: a NOTIFY, or the link coming back. */
  onWake(listener: () => void): () => void;
}

type Queryable = { query: (...args: never[]) => unknown };

/** Opens the session at once (offline until the database first answers) and starts reaching it. */
export function openShopSession(
  membership: ShopMembership,
  password: string | undefined,
  options: ShopSessionOptions,
): SyncSession {
  const { log } = options;
  const heartbeatMs = options.heartbeatMs ?? 60_000;
  const retry = options.retry ?? { firstMs: 500, maxMs: 15_000 };
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const link = createLinkState();
  const wakers = new Set<() => void>();
  const noticers = new Set<(channel: string, payload: string) => void>();
  const listening = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };
  const pool = openShopPool(membership.url, password, {
    deskId: membership.deskId,
    log,
    connectTimeoutMs,
  });
  let closed = false;
  let listener: pg.Client | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let pause = retry.firstMs;

  const noteFailure = (error: unknown) => {
    if (closed || !link.failed(error)) return;
    log.warn('shop: the database cannot be reached', { error: (error as Error).message });
    scheduleProbe();
  };

  // Every statement any part of the desk runs on a pooled connection tells the link how it went.
  const track = <C extends Queryable>(client: C): void => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      // pg-pool's own `pool.query` calls with a callback; other callers await a promise.
      const callback = args.at(-1);
      if (typeof callback === 'function')
        args[args.length - 1] = (error: unknown, result: unknown) => {
          if (error) noteFailure(error);
          else link.up();
          return (callback as (error: unknown, result: unknown) => unknown)(error, result);
        };
      const result = original(...args);
      if (result instanceof Promise)
        result.then(
          () => link.up(),
          (error: unknown) => noteFailure(error),
        );
      return result;
    };
  };
  pool.on('connect', (client) => track(client));

  const dropListener = () => {
    const old = listener;
    listener = undefined;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
  };

  const listen = async () => {
    const client = new pg.Client({
      connectionString: shopConnectionString(membership.url, password),
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      application_name: deskApplicationName(membership.deskId),
    });
    const lost = (error?: Error) => {
      if (listener !== client) return;
      dropListener();
      noteFailure(error ?? Object.assign(new Error('The feed connection ended'), { code: 'ECONNRESET' }));
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      // The payload names the desk that wrote: this desk's own changes need no read.
      if (message.channel === FEED_CHANNEL) {
        if (message.payload !== membership.deskId) wake();
      } else for (const noticer of [...noticers]) noticer(message.channel, message.payload ?? '');
    });
    try {
      await client.connect();
      // One round trip: a simple query may hold several statements (no parameters here).
      await client.query(
        `listen ${FEED_CHANNEL}; listen ${LISTINGS_CHANNEL}; listen ${JOBS_CHANNEL}; listen ${PACE_CHANNEL}; listen ${APPROVALS_CHANNEL}`,
      );
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    // What was sent while nobody listened is read now by whoever follows a channel.
    for (const hear of [...listening]) hear();
  };

  const heartbeat = () =>
    pool.query(`update ${SHOP_SCHEMA}.desks set last_seen = now() where id = $1`, [membership.deskId]);

  const scheduleHeartbeat = () => {
    clearTimeout(heartbeatTimer);
    if (closed) return;
    heartbeatTimer = setTimeout(() => {
      void heartbeat()
        .catch((error: unknown) => noteFailure(error))
        .finally(() => {
          if (link.get().state === 'connected') scheduleHeartbeat();
        });
    }, heartbeatMs);
    heartbeatTimer.unref?.();
  };

  // One try to reach the database: the feed connection first (it must listen before the feed is
  // read, or a change between the read and the LISTEN would wait for the next one), then a heartbeat.
  const probe = async () => {
    probeTimer = undefined;
    if (closed) return;
    try {
      if (!listener) await listen();
      await heartbeat();
      if (closed) return;
      link.up();
      pause = retry.firstMs;
      scheduleHeartbeat();
      wake();
    } catch (error) {
      noteFailure(error);
      if (link.get().state === 'offline' && !closed) {
        if (shopProblemOf(error) === 'other')
          log.warn('shop: reaching the database failed', { error: String(error) });
        scheduleProbe();
      }
    }
  };

  function scheduleProbe(): void {
    if (closed || probeTimer) return;
    probeTimer = setTimeout(() => void probe(), pause);
    pause = Math.min(pause * 2, retry.maxMs);
  }

  probeTimer = setTimeout(() => void probe(), 0);

  return {
    membership,
    pool,
    link: link.get,
    onLink: link.onChange,
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      try {
        const result = await pool.query<R>(text, values);
        link.up();
        return result;
      } catch (error) {
        noteFailure(error);
        throw error;
      }
    },
    noteFailure,
    onWake(waker) {
      wakers.add(waker);
      return () => wakers.delete(waker);
    },
    onNotice(noticer) {
      noticers.add(noticer);
      return () => noticers.delete(noticer);
    },
    onListen(hear) {
      listening.add(hear);
      return () => listening.delete(hear);
    },
    async close() {
      closed = true;
      clearTimeout(probeTimer);
      clearTimeout(heartbeatTimer);
      wakers.clear();
      noticers.clear();
      listening.clear();
      dropListener();
      await pool
        .end()
        .catch((error: unknown) => log.warn('shop: closing the pool failed', { error: String(error) }));
    },
  };
}
