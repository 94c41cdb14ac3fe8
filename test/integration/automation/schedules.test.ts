// Scheduled publishing in the app (issue 25.4) with a fake clock, against the embedded listing
// service: a draft is published when its time comes and not before; a changed time or a cancel is
// followed; a draft not ready then is not published, its schedule kept and the seller told why; one
// that fell due while the app was closed is published at the next start, saying so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ScheduleAnswer } from '../../../src/shared/ipc/contract-schedule';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { fakeClock, type FakeClock } from '../../unit/helpers/fake-clock';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const folders: { remove(): void }[] = [];
const apps: TempApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.app.close();
  for (const folder of folders.splice(0)) folder.remove();
});

async function open(dir: string, clock: FakeClock) {
  const notify = vi.fn<(title: string, body: string) => void>();
  const app = await createTempApp(dir, { notify }, { automation: { clock } });
  apps.push(app);
  return { app, notify };
}

function drafts(...fields: Partial<Draft>[]) {
  const folder = tempDir('listing-desk-schedules-');
  folders.push(folder);
  const made = fields.map((f, n) =>
    readyDraft(folder.dir, 10 * n, { publication, customReference: `S-${n}`, ...f }),
  );
  for (const draft of made) writeDraft(folder.dir, draft);
  return { dir: folder.dir, made };
}

const iso = (ms: number) => new Date(ms).toISOString();
const schedule = (app: TempApp, ids: string[], at: string | null) =>
  app.call<{ answers: ScheduleAnswer[] }>('schedule:set', { ids, at });
const get = (app: TempApp, id: string) => app.call<Draft>('drafts:get', { id });

describe('scheduled publishing', () => {
  it('publishes a draft when its time comes, not before, and the Drafts list shows when', async () => {
    const { dir, made } = drafts({ title: 'Stehlampe' });
    const clock = fakeClock(Date.now());
    const { app, notify } = await open(dir, clock);
    const at = clock.now() + 60_000;
    const { answers } = await schedule(app, [made[0]!.id], iso(at));
    expect(answers).toEqual([expect.objectContaining({ id: made[0]!.id, ok: true })]);
    expect(answers[0]!.message).toContain('„Stehlampe“');
    const list = await app.call<DraftsListResult>('drafts:list', {});
    expect(list.items[0]!.schedule).toEqual({ at: new Date(Math.floor(at / 1000) * 1000).toISOString() });

    await vi.waitFor(() => expect(clock.pending()).toContain(Math.floor(at / 1000) * 1000));
    clock.advance(50_000);
    expect((await get(app, made[0]!.id)).status).toBe('ready');
    clock.advance(10_000);
    await vi.waitFor(async () => expect((await get(app, made[0]!.id)).status).toBe('published'), {
      timeout: 30_000,
      interval: 100,
    });
    const draft = await get(app, made[0]!.id);
    expect(draft.schedule?.outcome).toMatchObject({ kind: 'started', jobId: expect.any(String) });
    expect(notify).toHaveBeenCalledWith(
      'Geplante Veröffentlichung',
      expect.stringContaining('„Stehlampe“ wird veröffentlicht, wie für '),
    );
  }, 60_000);

  it('follows a changed time and a cancel', async () => {
    const { dir, made } = drafts({ title: 'Sessel' }, { title: 'Regal' });
    const [sessel, regal] = made as [Draft, Draft];
    const clock = fakeClock(Date.now());
    const { app } = await open(dir, clock);
    await schedule(app, [sessel.id, regal.id], iso(clock.now() + 60_000));
    await schedule(app, [sessel.id], iso(clock.now() + 10 * 60_000));
    await schedule(app, [regal.id], null);
    clock.advance(2 * 60_000);
    // Nothing falls due now: the runner sleeps until the changed time.
    await vi.waitFor(() => expect(clock.pending()[0]).toBeGreaterThan(clock.now() + 7 * 60_000));
    expect((await get(app, sessel.id)).status).toBe('ready');
    expect((await get(app, regal.id)).schedule).toBeNull();
    clock.advance(8 * 60_000);
    await vi.waitFor(async () => expect((await get(app, sessel.id)).status).toBe('published'), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await get(app, regal.id)).status).toBe('ready');
  }, 60_000);

  it('refuses a time past or unreadable, and a draft published already, in plain words', async () => {
    const { dir, made } = drafts({ title: 'Tisch', status: 'published' });
    const clock = fakeClock(Date.now());
    const { app } = await open(dir, clock);
    const past = await app.fail('schedule:set', { ids: [made[0]!.id], at: iso(clock.now() - 60_000) });
    expect(past).toMatchObject({ code: 'invalid-input' });
    expect(past.message).toContain('ist schon vorbei');
    const garbage = await app.fail('schedule:set', { ids: [made[0]!.id], at: 'morgen früh' });
    expect(garbage.message).toContain('„morgen früh“ ist keine Zeit');
    const { answers } = await schedule(app, [made[0]!.id], iso(clock.now() + 60_000));
    expect(answers[0]).toMatchObject({ ok: false });
    expect(answers[0]!.message).toContain('schon veröffentlicht');
  });

  it('does not publish a draft that is not ready when due: keeps the time and tells why', async () => {
    const { dir, made } = drafts({ title: 'Kommode', status: 'draft', description: '', email: '' });
    const clock = fakeClock(Date.now());
    const { app, notify } = await open(dir, clock);
    // Whole seconds: a schedule is kept to the second.
    const at = iso(Math.floor((clock.now() + 60_000) / 1000) * 1000);
    await schedule(app, [made[0]!.id], at);
    await vi.waitFor(() => expect(clock.pending()).toContain(Date.parse(at)));
    clock.advance(61_000);
    await vi.waitFor(async () => expect((await get(app, made[0]!.id)).schedule?.outcome?.kind).toBe('held'));
    const draft = await get(app, made[0]!.id);
    expect(draft.status).toBe('draft');
    expect(draft.schedule).toMatchObject({ at, outcome: { kind: 'held', issues: 2 } });
    expect(await app.call('publish:list')).toMatchObject({ jobs: [] });
    expect(notify).toHaveBeenCalledWith(
      'Geplante Veröffentlichung',
      expect.stringContaining('„Kommode“ wurde am '),
    );
    expect(notify.mock.calls[0]![1]).toContain('Der Entwurf ist nicht fertig (2 Dinge zu beheben).');
    expect(app.log.warn).toHaveBeenCalledWith(expect.stringContaining('Kommode'), { draftId: made[0]!.id });
  });

  it('publishes one that fell due while the app was closed at the next start, saying so', async () => {
    const { dir, made } = drafts({ title: 'Nähmaschine' });
    const start = Date.now();
    const first = await open(dir, fakeClock(start));
    await schedule(first.app, [made[0]!.id], iso(start + 60_000));
    await first.app.app.close();
    apps.splice(apps.indexOf(first.app), 1);

    const { app, notify } = await open(dir, fakeClock(start + 3 * 3_600_000));
    await vi.waitFor(async () => expect((await get(app, made[0]!.id)).status).toBe('published'), {
      timeout: 30_000,
      interval: 100,
    });
    expect(notify).toHaveBeenCalledWith(
      'Geplante Veröffentlichung',
      expect.stringMatching(
        /^„Nähmaschine“ war für .+ geplant und wird jetzt veröffentlicht \(zu der Zeit lief nichts\)\.$/,
      ),
    );
    const { jobs } = await app.call<{ jobs: unknown[] }>('publish:list');
    expect(jobs).toHaveLength(1);
  }, 60_000);
});
