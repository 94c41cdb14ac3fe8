// What a desk's connections to the shop's database look like from the server: pg_stat_activity
// sampled by an admin connection of its own (each desk names its connections `listing-desk <id>`),
// and desk logins with a CONNECTION LIMIT.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { gradeRoleName } from '../../../src/main/shop/setup/desk-role';

export interface ConnectionWatch {
  /** The most connections seen at once with this application_name. */
  peak(name: string): number;
  /** The most connections seen at once with any name (but none, as a plain pg client has). */
  peakNamed(): number;
  /** The connections with this application_name now. */
  now(name: string): Promise<number>;
  /** The connections with this application_name waiting on LISTEN (their last statement). */
  listeners(name: string): Promise<number>;
  /** Every application_name seen on the database (but the watch's own). */
  names(): string[];
  stop(): Promise<void>;
}

/** Samples the database's connections by application_name, one read after another, until stopped. */
export async function watchConnections(url: string): Promise<ConnectionWatch> {
  const client = new pg.Client({ connectionString: url, application_name: 'connection watch' });
  await client.connect();
  const peaks = new Map<string, number>();
  let named = 0;
  const read = async () => {
    const { rows } = await client.query<{ name: string; n: number }>(
      `select application_name as name, count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() group by 1`,
    );
    for (const { name, n } of rows) peaks.set(name, Math.max(peaks.get(name) ?? 0, n));
    named = Math.max(
      named,
      rows.reduce((sum, row) => sum + (row.name === '' ? 0 : row.n), 0),
    );
    return rows;
  };
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      await read();
      // A breath between reads leaves the busy machine's cores to the desks.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    peak: (name) => peaks.get(name) ?? 0,
    peakNamed: () => named,
    // pg queues this read behind the sampler's own on the one client.
    now: async (name) => (await read()).find((row) => row.name === name)?.n ?? 0,
    async listeners(name) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = $1 and query ilike 'listen %'`,
        [name],
      );
      return rows[0]!.n;
    },
    names: () => [...peaks.keys()].filter((name) => name !== 'connection watch'),
    async stop() {
      stopped = true;
      await sampling;
      await client.end();
    },
  };
}

/** A login for one desk in the shop's owner group (it may do everything), allowed `limit` connections; its URL. */
export async function deskLogin(adminUrl: string, limit: number): Promise<string> {
  const url = new URL(adminUrl);
  const database = url.pathname.slice(1);
  const name = `desk_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // DDL takes no parameters: the name and password are made here, not taken from input.
    await client.query(
      `create role ${name} login password '${password}' connection limit ${limit} in role ${pg.escapeIdentifier(gradeRoleName(database, 'owner'))}`,
    );
  } finally {
    await client.end();
  }
  url.username = name;
  url.password = password;
  return url.toString();
}
