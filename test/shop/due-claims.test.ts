// Due tasks claimed in the shop's database (issue 25.6): of several desks (or workers) whose runners
// see the same task due at once, exactly one runs it; a desk killed mid-task (SIGKILL) is replaced
// by another once its lease has run out, and its old fence can no longer mark the task done; a key
// done stays done for every desk.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DueSource } from '../../src/main/automation/due';
import { createRunner, type Runner } from '../../src/main/automation/runner';
import { systemClock } from '../../src/main/automation/clock';
import { claimDueKey, shopTaskClaims } from '../../src/main/shop/claims/due-claims';
import type { ShopSession } from '../../src/main/shop/connection/shop-session';
import { deskSession, initShop, TEST_LEASE } from './helpers/desk-session';
import { freshDatabase } from './helpers/shared-postgres';

const root = path.resolve(import.meta.dirname, '..', '..');
const sessions: ShopSession[] = [];
const runners: Runner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  for (const session of sessions.splice(0)) await session.close();
});
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function shop(count: number) {
  const url = await freshDatabase();
  const shopId = await initShop(url);
  const desks: ShopSession[] = [];
  for (let i = 0; i < count; i += 1) desks.push(await deskSession(url, shopId, `Desk ${i + 1}`));
  sessions.push(...desks);
  return { url, shopId, desks };
}

/** A desk's runner on the shop's claims, with one source offering `key` now; `ran` names who ran it. */
function deskRunner(desk: ShopSession, key: string, ran: string[]): Runner {
  const claims = shopTaskClaims({
    db: desk.pool,
    deskId: desk.membership.deskId,
    log: quiet,
    timing: TEST_LEASE,
  });
  const runner = createRunner({ claims: () => claims, clock: systemClock(), log: quiet, retryMs: 500 });
  const source: DueSource = {
    due: async (now) => [
      {
        key,
        kind: 'schedule',
        dueAt: now,
        label: key,
        run: async () => void ran.push(desk.membership.deskName),
      },
    ],
  };
  runner.register(source);
  runners.push(runner);
  return runner;
}

const stateOf = async (desk: ShopSession, key: string) =>
  (
    await desk.pool.query<{ desk: string; fence: string; done: boolean }>(
      `select desk, fence::text, done_at is not null as done from listing_desk.due_claims where key = $1`,
      [key],
    )
  ).rows[0];

describe('due tasks claimed in the shop', () => {
  it('is run by exactly one of eight desks that find it due at the same instant', async () => {
    const { desks } = await shop(8);
    const ran: string[] = [];
    const key = 'schedule:d0000000-0000-4000-8000-000000000001:2026-11-27T09:00:00.000Z';
    const outcomes = await Promise.all(desks.map((desk) => deskRunner(desk, key, ran).runDue()));
    expect(ran).toHaveLength(1);
    // The others found it held (looked at again later) or done already.
    expect(outcomes.flat().every((outcome) => ['done', 'elsewhere'].includes(outcome.state))).toBe(true);
    expect(await stateOf(desks[0]!, key)).toMatchObject({ done: true, fence: '1' });
    // Done stays done, for every desk, however often asked.
    const again: string[] = [];
    for (const desk of desks) await deskRunner(desk, key, again).runDue();
    expect(again).toEqual([]);
    expect(await claimDueKey(desks[3]!.pool, key, desks[3]!.membership.deskId, 10_000)).toEqual({
      done: true,
    });
  });

  it('takes over the task of a desk killed mid-task after its lease, once; the old fence marks nothing', async () => {
    const { url, shopId, desks } = await shop(1);
    const key = 'feed:shop-csv:2026-11-27T09:00:00.000Z';
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/shop/helpers/due-child.ts'], {
      cwd: root,
      env: { ...process.env, DUE_CHILD: JSON.stringify({ url, shopId, name: 'Killed desk', key }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const running = await new Promise<{ desk: string }>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) =>
        resolve(JSON.parse(chunk.toString().split('\n')[0]!) as { desk: string }),
      );
      void exited.then(() => reject(new Error('The desk ended before it was killed')));
    });
    child.kill('SIGKILL');
    await exited;
    // The killed desk still holds it, under fence 1, until its lease runs out.
    expect(await stateOf(desks[0]!, key)).toMatchObject({ desk: running.desk, fence: '1', done: false });

    const ran: string[] = [];
    const survivor = deskRunner(desks[0]!, key, ran);
    survivor.start();
    await vi.waitFor(() => expect(ran).toEqual(['Desk 1']), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () =>
      expect(await stateOf(desks[0]!, key)).toMatchObject({
        desk: desks[0]!.membership.deskId,
        fence: '2',
        done: true,
      }),
    );
    // What the killed desk would have written, had it come back: refused by the fence.
    const late = await desks[0]!.pool.query(
      `update listing_desk.due_claims set done_at = now() where key = $1 and desk = $2 and fence = 1`,
      [key, running.desk],
    );
    expect(late.rowCount).toBe(0);
    expect(ran).toEqual(['Desk 1']);
  });
});
