// One connection to the shop's database for a single piece of work (init, join, leave, a test of
// the connection), ended whatever happens; and what the connection test found.
import pg from 'pg';
import { checkSchema, SHOP_SCHEMA } from '../schema';
import { shopConnectionString, ShopError, shopProblemOf, type ShopProblem } from '../connection';

const CONNECT_TIMEOUT_MS = 8_000;

/** Opens one client on `url` with `password`, runs `work` and ends the client. */
export async function withShopClient<T>(
  url: string,
  password: string | undefined,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: shopConnectionString(url, password),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'Listing Desk',
  });
  // An error of the socket after connecting (the server restarting) reaches the query in flight;
  // without a listener it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect().catch((error: unknown) => {
      // The server asked for a password and none was given: pg words it as its own fault.
      if (password === undefined && /password must be a string/i.test(String(error)))
        throw new ShopError('password-refused', 'The server asks for a password and none was given.');
      throw error;
    });
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What the connection test found. */
export type ShopCheck =
  | { ok: true; version: number; shopId: string; desks: number }
  | { ok: false; problem: ShopProblem; versions?: { found: number; known: number }; detail: string };

/** The test that Settings → Shop and `shop join` run first: reach, sign in, find our schema. */
export async function checkShop(url: string, password: string | undefined): Promise<ShopCheck> {
  try {
    return await withShopClient(url, password, async (client) => {
      const version = await checkSchema(client);
      const shop = await client.query<{ id: string }>(`select id from ${SHOP_SCHEMA}.shop limit 1`);
      const desks = await client.query<{ count: number }>(
        `select count(*)::int as count from ${SHOP_SCHEMA}.desks where left_at is null`,
      );
      return { ok: true, version, shopId: shop.rows[0]!.id, desks: desks.rows[0]!.count };
    });
  } catch (error) {
    return failedCheck(error);
  }
}

/** A failure as the connection test reports it. */
export function failedCheck(error: unknown): Extract<ShopCheck, { ok: false }> {
  const versions = error instanceof ShopError ? error.versions : undefined;
  return {
    ok: false,
    problem: shopProblemOf(error),
    ...(versions && { versions }),
    detail: error instanceof Error ? error.message : String(error),
  };
}
