// Reconciling before repeating, across restarts: a listing POST the service is still working on when
// the app dies, publication answers lost behind a gateway's 5xx, a service without the read of a
// listing's publications (the seller must confirm a Retry), and the decisions written to the log.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { PublishEngineOptions } from '../../../src/main/publish/engine';
import {
  clientOf,
  counts,
  engineOn,
  expectPublished,
  requests,
  sandboxAccounts,
  useScenes,
  type Scene,
} from './helpers';
import { killable, type KillPlan } from './kill';

const TIMEOUT_MS = 500;
// The settling margin outlasts the delays below by far, so that a busy machine cannot close the
// window before a delayed request lands (500 ms did not: with the machine's two cores four times
// over-committed, the first POST landed after the window and a second one went out).
const WINDOW = { requestTimeoutMs: TIMEOUT_MS, settleAfterTimeoutMs: 2_000 };

const scenes = useScenes();

/**
 * Starts `draftId` on an engine whose client dies as `plan` says, then, once it has died, opens a
 * second engine (with `options`) on the same data folder, as a restarted app would.
 */
async function killThenRestart(
  scene: Scene,
  draftId: string,
  plan: KillPlan,
  options: Partial<PublishEngineOptions> = WINDOW,
) {
  const dying = killable(clientOf(scene.sb, TIMEOUT_MS), plan);
  let client = dying.client;
  const accounts = sandboxAccounts(() => client);
  const first = await engineOn(scene.d, accounts, WINDOW);
  await first.start([draftId]);
  const killedOn = await dying.killed;
  const killedAt = Date.now();
  client = clientOf(scene.sb, TIMEOUT_MS);
  const second = await scene.openEngine(accounts, options);
  return { killedOn, killedAt, second };
}

function logLines() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}

describe('reconciling across a restart', () => {
  it('does not create a second listing when the app dies while the service still works on the first', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    // The service takes longer than the client's timeout; the app is killed while it works.
    sb.faults.add({ route: 'POST /v1/listings', kind: 'delay', ms: TIMEOUT_MS + 100, times: 1 });
    const { lines, log } = logLines();
    // Restarted at once: the listing does not exist yet.
    const { killedOn, killedAt, second } = await killThenRestart(
      scene,
      draft!.id,
      { at: 0, mode: 'in-flight', operation: 'createListing' },
      { ...WINDOW, log },
    );
    expect(killedOn).toBe('createListing');
    const landed = killedAt + TIMEOUT_MS + 100;
    expect(counts(sb).listings).toBe(0);
    await second.settled();
    // The wait is the check: the counts below are final only once the delayed first request landed.
    await sleep(Math.max(0, landed - Date.now()) + 50);
    await expectPublished(sb, d, [draft!]);
    // One POST in all: the resumed job kept looking until the first one landed, and adopted it.
    expect(requests(sb, 'POST /v1/listings')).toEqual({ '200': 1 });
    const decisions = lines.filter((line) => line.includes('[listing]')).join('\n');
    expect(decisions).toMatch(/listing POST: looked, not there yet; \d+ ms of the window left/);
    expect(decisions).toContain('listing POST: looked, found it; adopted');
  });

  for (const [route, operation] of [
    ['POST /v1/listings/:uuid/media', 'attachMedia'],
    ['POST /v1/listings/:uuid/publications', 'createPublication'],
  ] as const) {
    it(`adds nothing twice when the app dies while the service still works on ${route}`, async () => {
      const scene = await scenes.open();
      const { sb, d } = scene;
      const [draft] = await d.makeDrafts(1, 2);
      sb.faults.add({ route, kind: 'delay', ms: TIMEOUT_MS + 100, times: 1 });
      const { killedOn, killedAt, second } = await killThenRestart(scene, draft!.id, {
        at: 0,
        mode: 'in-flight',
        operation,
      });
      expect(killedOn).toBe(operation);
      const landed = killedAt + TIMEOUT_MS + 100;
      await second.settled();
      // The wait is the check: a duplicate would show only once the delayed request has landed.
      await sleep(Math.max(0, landed - Date.now()) + 50);
      await expectPublished(sb, d, [draft!]);
      expect(counts(sb)).toMatchObject({ listings: 1, media: 2, publications: 1 });
    });
  }

  it('sends a listing POST again only after the window when the first never took effect', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    // A gateway answers 503 before the service saw the request: nothing to find.
    sb.faults.add({
      route: 'POST /v1/listings',
      kind: 'status',
      status: 503,
      times: 1,
      retryAfterSeconds: 0,
    });
    const client = clientOf(sb, TIMEOUT_MS);
    const { lines, log } = logLines();
    const engine = await scene.openEngine(
      sandboxAccounts(() => client),
      { ...WINDOW, log },
    );
    const started = Date.now();
    await engine.start([draft!.id]);
    await engine.settled();
    await expectPublished(sb, d, [draft!]);
    expect(requests(sb, 'POST /v1/listings')).toEqual({ '503': 1, '200': 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS + WINDOW.settleAfterTimeoutMs);
    expect(lines.join('\n')).toContain('listing POST: looked, not there after the window; sending again');
  });
});

describe('publications never doubled', () => {
  for (const read of ['array', 'object'] as const) {
    it(`finds the publication behind a lost answer (503, 504, reset after; read as ${read})`, async () => {
      const scene = await scenes.open({ quirks: { publicationsRead: read } });
      const { sb, d } = scene;
      const drafts = await d.makeDrafts(3, 1);
      const route = 'POST /v1/listings/:uuid/publications';
      sb.faults.add({ route, kind: 'status', status: 503, when: 'after', times: 1, retryAfterSeconds: 0 });
      sb.faults.add({ route, kind: 'status', status: 504, when: 'after', times: 1 });
      sb.faults.add({ route, kind: 'reset', when: 'after', times: 1 });
      const client = clientOf(sb, TIMEOUT_MS);
      const engine = await scene.openEngine(
        sandboxAccounts(() => client),
        { ...WINDOW, limits: { drafts: 1 } },
      );
      await engine.start(drafts.map((draft) => draft.id));
      await engine.settled();
      await expectPublished(sb, d, drafts);
      // Three POSTs, three publications: each lost answer was found, none sent again.
      expect(requests(sb, route)).toEqual({ '503': 1, '504': 1, reset: 1 });
      expect(counts(sb).publications).toBe(3);
    });
  }

  it('without the read, says the outcome is unknown and retries only once the seller confirms the risk', async () => {
    const scene = await scenes.open({ quirks: { publicationsRead: 'off' } });
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    const route = 'POST /v1/listings/:uuid/publications';
    // Cut off before the service saw it: the seller will find no ad and confirm the Retry.
    sb.faults.add({ route, kind: 'reset', times: 1 });
    const client = clientOf(sb, TIMEOUT_MS);
    const engine = await scene.openEngine(
      sandboxAccounts(() => client),
      WINDOW,
    );
    const [started] = await engine.start([draft!.id]);
    await engine.settled();
    const job = engine.get(started!.jobId!)!;
    expect(job.state).toBe('failed');
    expect(job.error).toMatchObject({ problem: 'publication-unknown', remedy: 'check-marketplace' });
    expect(job.error!.detail).toContain('no way to look it up');
    expect(job.error!.whatToDo).toContain('publish it twice');
    expect((await d.drafts.get(draft!.id)).status).toBe('failed');

    expect(await engine.retry(job.id)).toBe('needs-confirmation');
    expect(engine.get(job.id)!.state).toBe('failed');
    expect(requests(sb, route)).toEqual({ reset: 1 });

    expect(await engine.retry(job.id, { confirmDuplicateRisk: true })).toBe(true);
    await engine.settled();
    await expectPublished(sb, d, [draft!]);
    expect(counts(sb).publications).toBe(1);
  });

  it('a new Publish after an unknown outcome adopts the earlier job’s publication instead of a second', async () => {
    const scene = await scenes.open({ quirks: { publicationsRead: 'off' } });
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    // Created, but the answer lost, on a service that cannot be asked: the job must stop.
    sb.faults.add({ route: 'POST /v1/listings/:uuid/publications', kind: 'reset', when: 'after', times: 1 });
    const client = clientOf(sb, TIMEOUT_MS);
    const engine = await scene.openEngine(
      sandboxAccounts(() => client),
      WINDOW,
    );
    const [first] = await engine.start([draft!.id]);
    await engine.settled();
    expect(engine.get(first!.jobId!)!.error).toMatchObject({ problem: 'publication-unknown' });
    expect(counts(sb).publications).toBe(1);
    // The service now offers the read; the seller presses Publish on the draft instead of Retry.
    sb.setQuirks({ publicationsRead: 'array' });
    const [second] = await engine.start([draft!.id]);
    expect(second!.jobId).not.toBe(first!.jobId);
    await engine.settled();
    await expectPublished(sb, d, [draft!]);
    expect(counts(sb).publications).toBe(1);
    expect(engine.get(second!.jobId!)!.publicationUuid).toBeTruthy();
    expect(engine.get(first!.jobId!)!.supersededBy).toBe(second!.jobId);
  });

  it('without the read, a kill while the publication POST is out ends in the same question', async () => {
    const scene = await scenes.open({ quirks: { publicationsRead: 'off' } });
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    const { second } = await killThenRestart(scene, draft!.id, {
      at: 0,
      mode: 'before',
      operation: 'createPublication',
    });
    await second.settled();
    const [job] = second.list();
    expect(job!.error).toMatchObject({ problem: 'publication-unknown' });
    expect(await second.retry(job!.id)).toBe('needs-confirmation');
    expect(await second.retry(job!.id, { confirmDuplicateRisk: true })).toBe(true);
    await second.settled();
    await expectPublished(sb, d, [draft!]);
  });
});
