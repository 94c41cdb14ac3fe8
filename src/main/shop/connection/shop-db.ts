// The desk's connection to the shop's database: a small `pg` pool from the shop's URL (TLS when
// the URL's `sslmode` asks for it) and the password from the keychain, never from a file. The URL
// kept in the data folder has no password in it.
import pg from 'pg';
import type { Log } from '../../log/log';

/** The keychain entry (in the app's own keychain service) that holds the shop database's password. */
export const SHOP_PASSWORD_KEY = 'shop-database-password';

/**
 * The keychain entry of one desk's database password (SHOP_PASSWORD_KEY and the desk's id): two
 * data folders of one user, or the desks of a test, each keep their own, and leaving one desk
 * never takes another's password away.
 */
export const shopPasswordKey = (deskId: string): string => `${SHOP_PASSWORD_KEY}:${deskId}`;

/** The URL without its password, and the password it carried (if any). */
export function splitShopUrl(url: string): { url: string; password?: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      'A team database address starts with postgresql:// (for example postgresql://desk@team-server/listingdesk).',
    );
  }
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** "user@host:port/database" for the seller and the log: never the password. */
export function describeShopUrl(url: string): string {
  const parsed = new URL(url);
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `${user}${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/**
 * The URL with `password` put in, for `pg` alone (in memory, never kept or logged): pg reads a
 * connection string's empty password over a `password` option given beside it.
 */
export function shopConnectionString(url: string, password: string | undefined): string {
  const parsed = new URL(splitShopUrl(url).url);
  if (password !== undefined) parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/**
 * Connections a desk holds at most: its pool and its one LISTEN connection. A shop of N desks needs
 * max_connections of at least N × DESK_CONNECTIONS plus PostgreSQL's reserved ones (README).
 */
export const DESK_CONNECTIONS = 4;

/** The pool's share of DESK_CONNECTIONS: photo COPYs take at most two, so one is always left for the rest. */
export const SHOP_POOL_MAX = DESK_CONNECTIONS - 1;

/** How long a pooled connection may idle before it is closed: an idle desk keeps only what it needs. */
const IDLE_MS = 10_000;

/** The application_name of every connection of a desk, so a shop's admin sees who is connected. */
export const deskApplicationName = (deskId: string): string => `listing-desk ${deskId}`;

export interface ShopPoolOptions {
  /** The desk whose connections these are (their application_name). */
  deskId: string;
  connectTimeoutMs?: number;
  log?: Pick<Log, 'warn'>;
}

/**
 * A pool on the shop's database. Errors of its connections, idle or lent out, are logged, never thrown at the
 * process. One connection stays open between the heartbeats; the others close when idle.
 */
export function openShopPool(url: string, password: string | undefined, options: ShopPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: shopConnectionString(url, password),
    max: SHOP_POOL_MAX,
    min: 1,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: IDLE_MS,
    keepAlive: true,
    application_name: deskApplicationName(options.deskId),
  });
  pool.on('error', (error) =>
    options.log?.warn('shop: a database connection failed', { error: error.message }),
  );
  // pg-pool listens for the errors of idle connections only: a connection lent out (a transaction,
  // a COPY) whose socket breaks emits 'error' to nobody, which would end the process. Its query in
  // flight fails with the error anyway, and the pool drops the broken connection when it is given
  // back; the link notices on the next statement.
  pool.on('connect', (client) =>
    client.on('error', (error) =>
      options.log?.warn('shop: a database connection in use failed', { error: error.message }),
    ),
  );
  return pool;
}
