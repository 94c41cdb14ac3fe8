// The cut proxy the sync and claims tests put between a desk and the database (issue 24.9).
import pg from 'pg';
import { expect, it } from 'vitest';
import { shopProblemOf } from '../../src/main/shop/connection/shop-error';
import { proxiesPerTest } from './helpers/proxies';
import { freshDatabase } from './helpers/shared-postgres';

const proxies = proxiesPerTest();

it('passes queries through, cuts every open connection, refuses new ones until healed', async () => {
  const url = new URL(await freshDatabase());
  const proxy = await proxies.inFrontOf(url);
  const first = new pg.Client({ connectionString: url.toString() });
  first.on('error', () => undefined);
  await first.connect();
  expect((await first.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);

  proxy.cut();
  const broken = await first.query('select 1').catch((error: unknown) => error);
  expect(shopProblemOf(broken)).toBe('unreachable');
  const refused = new pg.Client({ connectionString: url.toString() });
  refused.on('error', () => undefined);
  expect(shopProblemOf(await refused.connect().catch((error: unknown) => error))).toBe('unreachable');

  proxy.heal();
  const again = new pg.Client({ connectionString: url.toString() });
  await again.connect();
  expect((await again.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
  await again.end();
});
