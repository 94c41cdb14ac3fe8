// Scheduled publishing on the command line (issue 25.4, 25.8, "Checked from outside"): a draft
// scheduled a few minutes ahead with `publish ID --at`, which `worker --once` leaves alone before
// its time and publishes after it, saying it was due earlier; a time past or unreadable refused in
// plain words. The time "after" is the worker's clock moved on with LISTING_DESK_CLOCK_SHIFT_MS
// (read by the runner's clock port only, for tests), so nothing here waits for a real minute.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { tempDir } from '../../unit/helpers/temp-app';
import { cli, cliInBackground } from './run-cli';

const folder = tempDir('listing-desk-cli-schedule-');
const dir = folder.dir;
let draft: Draft;
let second: Draft;

/** `at` as the seller types a local time: YYYY-MM-DD HH:MM. */
function localText(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

beforeAll(() => {
  draft = readyDraft(dir, 3, { title: 'Kaffeemühle', customReference: 'SCHED-1', publication }, 1);
  second = readyDraft(dir, 5, { title: 'Wanduhr', customReference: 'SCHED-2', publication }, 1);
  for (const made of [draft, second]) writeDraft(dir, made);
});
afterAll(() => folder.remove());

const statusOf = async (env: NodeJS.ProcessEnv = {}) => {
  const status = await cli(['status', '--json', '--data-dir', dir], env);
  expect(status.code, status.stderr).toBe(0);
  return JSON.parse(status.stdout) as {
    drafts: { ready: number; published: number; publishing: number };
    jobs: { draftId: string; state: string }[];
  };
};

describe('publish --at and worker --once', () => {
  it('refuses a time in the past or one it cannot read, in plain words (exit 2)', async () => {
    const past = await cli(['publish', draft.id, '--at', '2020-01-01 09:30', '--data-dir', dir]);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('has passed already. Choose a time in the future.');
    const garbage = await cli(['publish', draft.id, '--at', 'next friday', '--data-dir', dir], {
      LANG: 'de_DE.UTF-8',
    });
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('„next friday“ ist keine Zeit, die Listing Desk lesen kann.');
    const ready = await cli(['publish', '--ready', '--at', '2030-01-01 09:30', '--data-dir', dir]);
    expect(ready.code).toBe(2);
    expect(ready.stderr).toContain('publish --at schedules the drafts named by their ids, not --ready.');
  }, 120_000);

  it('leaves a draft scheduled ahead alone before its time and publishes it after, saying so', async () => {
    const at = new Date(Date.now() + 2 * 60_000);
    const scheduled = await cli(['publish', draft.id, '--at', localText(at), '--data-dir', dir]);
    expect(scheduled.code, scheduled.stderr).toBe(0);
    expect(scheduled.stderr).toContain(`“Kaffeemühle” (${draft.id}) will be published at `);
    expect(JSON.parse(scheduled.stdout)).toMatchObject({
      scheduled: true,
      items: [{ id: draft.id, ok: true }],
    });

    const before = await cli(['worker', '--once', '--data-dir', dir]);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stderr).toContain('Nothing is due now.');
    expect(before.stderr).toContain('Next due: ');
    expect(await statusOf()).toMatchObject({ drafts: { ready: 2, published: 0 }, jobs: [] });

    // Five minutes on: due three minutes ago or more, while nothing ran.
    const later = { LISTING_DESK_CLOCK_SHIFT_MS: String(5 * 60_000) };
    const after = await cli(['worker', '--once', '--data-dir', dir], later);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('“Kaffeemühle” was due at ');
    expect(after.stdout).toContain(', published now (nothing was running at that time).');
    // It waits for the ad it started, and says what became of it.
    expect(after.stderr).toContain('Waiting for 1 ad to finish publishing…');
    expect(after.stderr).toMatch(/Kaffeemühle: live \(ad \d+\)/);
    expect(await statusOf()).toMatchObject({
      drafts: { published: 1 },
      jobs: [{ draftId: draft.id, state: 'published' }],
    });

    // Run again: nothing is due, nothing is published twice.
    const again = await cli(['worker', '--once', '--data-dir', dir], later);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Nothing is due now.');
    const listings = await cli(['listings', '--json', '--data-dir', dir]);
    const state = JSON.parse(listings.stdout) as { listings: { customReference: string }[] };
    expect(state.listings.filter((listing) => listing.customReference === 'SCHED-1')).toHaveLength(1);
    expect((await statusOf()).jobs).toHaveLength(1);
  }, 240_000);

  it('keeps running as `worker`: publishes what falls due meanwhile, and ends cleanly on SIGTERM', async () => {
    // A few seconds ahead: due while the worker runs (or at its start on a slow machine; either way
    // it is published by the running worker, which is what is checked).
    const at = new Date(Date.now() + 8_000).toISOString();
    const scheduled = await cli(['publish', second.id, '--at', at, '--data-dir', dir]);
    expect(scheduled.code, scheduled.stderr).toBe(0);
    const { child, seen } = cliInBackground(['worker', '--data-dir', dir]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await vi.waitFor(() => expect(seen.stdout).toContain('“Wanduhr” is being published, as scheduled for '), {
      timeout: 90_000,
      interval: 200,
    });
    expect(seen.stderr).toContain('The worker runs what falls due until stopped (Ctrl+C or SIGTERM).');
    // Still running after it published: it waits for the next thing due.
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    expect(await exited).toBe(130);
    expect(seen.stderr).toContain('The worker stopped; what it was doing continues at its next start.');
    // Its job continues at the next start; the schedule is not run a second time.
    const after = await cli(['worker', '--once', '--data-dir', dir]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).toContain('Nothing is due now.');
    expect((await statusOf()).jobs.filter((job) => job.draftId === second.id)).toHaveLength(1);
  }, 240_000);
});
