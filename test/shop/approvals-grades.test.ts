// Four eyes in the database itself (issue 37.4, migration 6): each desk's login used directly, as
// whoever sits at the desk could, and with psql. A prepare login asks and cannot approve, send back,
// change, delete or withdraw another's request, nor claim the job; a desk never decides its own
// request; two desks approving at once queue the job once; an edit of the draft withdraws it; the
// owner alone requires approval of publish desks per account.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  approveRequest,
  closeRequest,
  insertRequest,
  mustAsk,
} from '../../src/main/shop/approvals/approvals-sql';
import { initShop } from '../../src/main/shop/setup/shop-init';
import { loginDesk, outcome, psqlAs, type LoginDesk } from './helpers/team-logins';
import { freshDatabase } from './helpers/shared-postgres';

const desks: LoginDesk[] = [];
afterEach(async () => {
  await Promise.all(desks.splice(0).map((desk) => desk.db.end()));
});

async function team() {
  const adminUrl = await freshDatabase();
  await initShop(adminUrl);
  const owner = await loginDesk(adminUrl, 'owner', 'Office');
  const publish = await loginDesk(adminUrl, 'publish', 'Front');
  const prepare = await loginDesk(adminUrl, 'prepare', 'Trainee');
  desks.push(owner, publish, prepare);
  return { adminUrl, owner, publish, prepare };
}

const draft = (id: string, title: string) => ({
  id,
  title,
  description: 'Works well.',
  status: 'draft',
  updatedAt: new Date().toISOString(),
  price: { type: 'FIXED', amount: '45' },
  photos: [{ id: 'p1', file: `photos/${id}/p1.png` }],
});

const ask = (desk: LoginDesk, draftId: string, title = 'Brass lamp') => {
  const id = randomUUID();
  const record = { id: randomUUID(), draftId, accountId: 'acc', snapshot: draft(draftId, title) };
  return insertRequest(desk.db, {
    id,
    kind: 'publish',
    draftId,
    account: 'acc',
    listing: null,
    ad: { title } as never,
    live: null,
    body: { record: record as never, photos: { 'photo-1.png': 'ab'.repeat(32) } },
    deskId: desk.id,
  }).then((asked) => ({ ...asked, jobId: record.id }));
};

const pool = (db: pg.Client) => ({ connect: async () => Object.assign(db, { release: () => undefined }) });

describe('four eyes, by each desk login', () => {
  it('lets a prepare login ask and nothing more; another desk approves once, never the asker', async () => {
    const { owner, publish, prepare } = await team();
    const asked = await ask(prepare, 'draft-1');
    expect(asked.existing).toBe(false);
    // Asking again for the same draft finds the waiting request.
    expect((await ask(prepare, 'draft-1')).id).toBe(asked.id);

    // The prepare login: no approving (its own or any), no send-back, no change, no delete.
    expect(
      await outcome(
        prepare.db.query(
          `update listing_desk.approvals set state = 'approved', decided_by = $2 where id = $1`,
          [asked.id, prepare.id],
        ),
      ),
    ).toBe('42501 prepare approve-requests');
    expect(
      await outcome(
        prepare.db.query(
          `update listing_desk.approvals set state = 'sent-back', decided_by = $2, note = 'x' where id = $1`,
          [asked.id, prepare.id],
        ),
      ),
    ).toBe('42501 prepare approve-requests');
    expect(
      await outcome(
        prepare.db.query(`update listing_desk.approvals set body = '{}' where id = $1`, [asked.id]),
      ),
    ).toBe('42501 listing-desk-request:unchanged');
    expect(await outcome(prepare.db.query(`delete from listing_desk.approvals`))).toBe('42501');
    expect(await outcome(publish.db.query(`delete from listing_desk.approvals`))).toBe('42501');
    // Nor may it queue the job itself.
    expect(
      await outcome(
        prepare.db.query(
          `insert into listing_desk.jobs (id, kind, draft_id, account, state, requested_by, body)
           values ('j', 'publish', 'draft-1', 'acc', 'queued', $1, '{}')`,
          [prepare.id],
        ),
      ),
    ).toBe('42501 prepare queue-jobs');
    // psql as the same login says the same.
    expect(psqlAs(prepare.url, `update listing_desk.approvals set state = 'approved'`)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('42501: a prepare desk may not approve requests'),
    });
    expect(psqlAs(prepare.url, `delete from listing_desk.approvals`).stderr).toContain('ERROR:  42501');

    // A publish desk asks too (as when the owner requires it): it cannot approve its own request,
    // even naming another desk as the decider, nor withdraw another desk's.
    const own = await ask(publish, 'draft-2');
    expect(await outcome(approveRequest(pool(publish.db), own.id, publish.id, async () => 'queued'))).toBe(
      '42501 listing-desk-request:own',
    );
    expect(await outcome(approveRequest(pool(publish.db), own.id, owner.id, async () => 'queued'))).toBe(
      '42501 listing-desk-request:own',
    );
    expect(await outcome(closeRequest(publish.db, asked.id, publish.id, 'withdrawn', null))).toBe(
      '42501 listing-desk-request:withdraw',
    );
    expect(
      psqlAs(publish.url, `update listing_desk.approvals set state = 'approved' where id = '${own.id}'`),
    ).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('a desk may not approve or send back its own request'),
    });
    // A send-back needs a note.
    expect(await outcome(closeRequest(owner.db, own.id, owner.id, 'sent-back', ' '))).toBe(
      '23514 listing-desk-request:note',
    );

    // Two desks approve the prepare desk's request at the same instant: one job, queued once, with
    // the request's body as it was asked, asked for by the asking desk.
    const raced = await Promise.all([
      approveRequest(pool(publish.db), asked.id, publish.id, async () => 'queued'),
      approveRequest(pool(owner.db), asked.id, owner.id, async () => 'queued'),
    ]);
    expect(raced.filter((result) => result.done)).toHaveLength(1);
    expect(raced.filter((result) => !result.done)).toEqual([{ done: false, state: 'approved' }]);
    const jobs = await owner.db.query(
      `select id, requested_by, body->'record'->'snapshot'->>'title' as title from listing_desk.jobs`,
    );
    expect(jobs.rows).toEqual([{ id: asked.jobId, requested_by: prepare.id, title: 'Brass lamp' }]);
    // Decided stays decided.
    expect(await closeRequest(owner.db, asked.id, owner.id, 'sent-back', 'no')).toEqual({
      done: false,
      state: 'approved',
    });
    // The prepare login cannot claim the approved job.
    expect(
      await outcome(
        prepare.db.query(
          `update listing_desk.jobs set runner = $2, fence = fence + 1, lease_until = now() + interval '1 minute' where id = $1`,
          [asked.jobId, prepare.id],
        ),
      ),
    ).toBe('42501 prepare claim-jobs');

    // The owner sends the publish desk's request back with a note.
    expect(await closeRequest(owner.db, own.id, owner.id, 'sent-back', 'Photo is dark')).toEqual({
      done: true,
      jobId: null,
    });
    const back = await prepare.db.query(
      `select state, note, decided_login from listing_desk.approvals where id = $1`,
      [own.id],
    );
    expect(back.rows).toEqual([{ state: 'sent-back', note: 'Photo is dark', decided_login: owner.login }]);
    // The activity log holds each request and decision with its desks (migration 7's trigger); the
    // approval is the one of the desk that won the race.
    const winner = raced[0]!.done ? publish.id : owner.id;
    const logged = await prepare.db.query(
      `select kind, desk, asking_desk, approving_desk, changed->>'request' as request, changed->>'note' as note
         from listing_desk.activity where kind in ('request', 'approval', 'send-back') order by id`,
    );
    expect(logged.rows).toEqual(
      expect.arrayContaining([
        {
          kind: 'request',
          desk: prepare.id,
          asking_desk: prepare.id,
          approving_desk: null,
          request: asked.id,
          note: null,
        },
        {
          kind: 'approval',
          desk: winner,
          asking_desk: prepare.id,
          approving_desk: winner,
          request: asked.id,
          note: null,
        },
        {
          kind: 'send-back',
          desk: owner.id,
          asking_desk: publish.id,
          approving_desk: null,
          request: own.id,
          note: 'Photo is dark',
        },
      ]),
    );
    expect(logged.rows.filter((row) => row.kind === 'approval')).toHaveLength(1);
  });

  it('withdraws a request when an edit of its draft reaches the database, not for a change of its status', async () => {
    const { prepare, publish } = await team();
    const asked = await ask(prepare, 'draft-3', 'Oak table');
    const write = (desk: LoginDesk, version: number, body: unknown) =>
      desk.db.query(
        `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', 'draft-3', $1, $2, $3)
         on conflict (kind, id) do update set version = excluded.version, body = excluded.body, desk = excluded.desk`,
        [version, body, desk.id],
      );
    const state = async () =>
      (await publish.db.query(`select state from listing_desk.approvals where id = $1`, [asked.id])).rows[0]
        ?.state as string;
    // The draft as asked reaching the database (its outbox), then a status change: still waiting.
    await write(prepare, 1, { draft: draft('draft-3', 'Oak table'), trashedAt: null, files: {} });
    await write(publish, 2, {
      draft: { ...draft('draft-3', 'Oak table'), status: 'publishing' },
      trashedAt: null,
      files: {},
    });
    expect(await state()).toBe('waiting');
    // Another desk's edit of the title withdraws it.
    await write(publish, 3, { draft: draft('draft-3', 'Oak table, large'), trashedAt: null, files: {} });
    expect(await state()).toBe('withdrawn');
    // The asker withdraws its own; nobody else does (checked above).
    const again = await ask(prepare, 'draft-3', 'Oak table, large');
    expect(await closeRequest(prepare.db, again.id, prepare.id, 'withdrawn', null)).toEqual({
      done: true,
      jobId: null,
    });
    // Both withdrawals are in the activity log: by the editing desk, and by the asker.
    const logged = await publish.db.query(
      `select desk, asking_desk, changed->>'request' as request from listing_desk.activity
        where kind = 'withdrawal' order by id`,
    );
    expect(logged.rows).toEqual([
      { desk: publish.id, asking_desk: prepare.id, request: asked.id },
      { desk: prepare.id, asking_desk: prepare.id, request: again.id },
    ]);
  });

  it('lets only the owner require approval of publish desks, per account', async () => {
    const { owner, publish, prepare } = await team();
    const rule = (desk: LoginDesk) =>
      desk.db.query(`insert into listing_desk.approval_rules (account, set_by) values ('acc', $1)`, [
        desk.id,
      ]);
    expect(await mustAsk(prepare.db, 'acc')).toBe(true);
    expect(await mustAsk(publish.db, 'acc')).toBe(false);
    expect(await outcome(rule(publish))).toBe('42501 publish require-approval');
    expect(await outcome(rule(prepare))).toBe('42501 prepare require-approval');
    expect(await outcome(rule(owner))).toBe('allowed');
    expect(await mustAsk(publish.db, 'acc')).toBe(true);
    expect(await mustAsk(publish.db, 'other')).toBe(false);
    expect(await mustAsk(owner.db, 'acc')).toBe(false);
    expect(await outcome(publish.db.query(`delete from listing_desk.approval_rules`))).toBe(
      '42501 publish require-approval',
    );
    expect(await outcome(owner.db.query(`delete from listing_desk.approval_rules`))).toBe('allowed');
    expect(await mustAsk(publish.db, 'acc')).toBe(false);
  });
});
