// A desk's pool on the shop's database when the line breaks while a connection is lent out (a
// transaction, a COPY of photos): the statement in flight fails, the desk goes on, and nothing is
// thrown at the process (pg-pool listens for the errors of idle connections only; an 'error' event
// nobody hears ends a Node process, the desk with it).
import { expect, it } from 'vitest';
import { openShopPool } from '../../src/main/shop/connection';
import { shopProblemOf } from '../../src/main/shop/connection/shop-error';
import { proxiesPerTest } from './helpers/proxies';
import { freshDatabase } from './helpers/shared-postgres';

const proxies = proxiesPerTest();

it('survives a cut while a connection is lent out: the statement fails, the pool serves again once healed', async () => {
  const url = new URL(await freshDatabase());
  const proxy = await proxies.inFrontOf(url);
  const warnings: string[] = [];
  const pool = openShopPool(url.toString(), decodeURIComponent(url.password), {
    deskId: '00000000-0000-4000-8000-000000000001',
    log: { warn: (message) => void warnings.push(message) },
  });
  const uncaught: unknown[] = [];
  let woken = () => undefined as void;
  const heard = (error: unknown) => {
    uncaught.push(error);
    woken();
  };
  process.on('uncaughtException', heard);
  try {
    // Lent out, between two statements of a transaction, when the line breaks.
    const lent = await pool.connect();
    await lent.query('begin');
    const broken = new Promise<void>((resolve) => {
      woken = resolve;
      lent.once('end', () => resolve());
      // Without a listener the error ends the handling before 'end': the checks below say so.
      setTimeout(resolve, 10_000).unref();
    });
    proxy.cut();
    await broken;
    expect(uncaught).toEqual([]);
    const failed = await lent.query('select 1').catch((error: unknown) => error);
    expect(shopProblemOf(failed)).toBe('unreachable');
    lent.release();
    expect(warnings).toContain('shop: a database connection in use failed');

    proxy.heal();
    const again = await pool.query<{ one: number }>('select 1 as one');
    expect(again.rows[0]?.one).toBe(1);
  } finally {
    process.off('uncaughtException', heard);
    await pool.end();
  }
  expect(uncaught).toEqual([]);
});
