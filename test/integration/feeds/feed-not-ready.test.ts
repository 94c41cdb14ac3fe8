// A feed's plan says what will fail (issue 32.5), against the embedded service: a shop's export
// without a radius column into an account whose defaults have none. The plan flags each new row
// with the field it lacks before the seller says yes (in the app and on the command line, English
// and German), and the run, which publishes, fails those rows naming the same field, their drafts
// kept. Nothing is mocked.
import { expect, it } from 'vitest';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from '../cli/run-cli';
import { addFeed, feedApp, outcomes } from './helpers';

const HEADER = 'SKU;Titel;Beschreibung;Kategorie;Preis;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Bild';
const ROWS = ['K-1;Kühlschrank', 'K-2;Gefrierschrank'].map(
  (start) =>
    `${start};Aus dem Lager.;Multimedia_Elektronik/Haushaltsgeraete;120,50;3;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;${start.slice(0, 3)}.png`,
);

/** The export without a radius column, with a photo per row, in `dir`. */
function writeExport(dir: string): string {
  putPhoto(dir, 'K-1.png', 0);
  putPhoto(dir, 'K-2.png', 1);
  return put(dir, 'lager.csv', `${HEADER}\n${ROWS.join('\n')}\n`);
}

it('flags the new rows that lack a radius in the plan, and the run names it for each', async () => {
  const app = await feedApp();
  try {
    const feed = await addFeed(app, writeExport(app.dir), { publish: true });
    const plan = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
    expect(plan.needsApproval).toBe(true);
    expect(plan.entries.map((e) => [e.reference, e.action, e.notReady])).toEqual([
      ['K-1', 'create', [{ field: 'publication.availabilityRadiusInKm', code: 'required' }]],
      ['K-2', 'create', [{ field: 'publication.availabilityRadiusInKm', code: 'required' }]],
    ]);

    const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
    expect(outcomes(run)).toEqual(['K-1: create/failed', 'K-2: create/failed']);
    // In the app's language (the test's system speaks German).
    for (const entry of run.entries) {
      expect(entry.failure?.message).toContain('ist nicht bereit zum Veröffentlichen');
      expect(entry.failure?.message).toContain('Es fehlt: Umkreis (km).');
    }
    // The drafts are made all the same (nothing lost); nothing went to the service.
    const { items } = await app.call<DraftsListResult>('drafts:list', {});
    expect(items.map((d) => `${d.customReference}: ${d.status}`).sort()).toEqual([
      'K-1: draft',
      'K-2: draft',
    ]);
    expect(await app.listings()).toEqual([]);
  } finally {
    await app.close();
  }
}, 120_000);

const [data, src] = tempDirsForFile('listing-desk-feed-ready-', 'listing-desk-feed-ready-src-');

it('says so on the command line: `feed plan` flags the rows, `feed run` fails them naming the radius', async () => {
  const file = writeExport(src.dir);
  const at = ['--data-dir', data.dir];
  expect((await cli(['feed', 'add', 'lager', file, '--publish', ...at])).code).toBe(0);

  const plan = await cli(['feed', 'plan', 'lager', ...at]);
  expect(plan.code).toBe(0);
  const lines = plan.stdout.split('\n').filter((line) => line.includes('K-'));
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line).toContain('not ready to publish: Missing: Radius (km).');
  expect(plan.stderr).toContain('The feed publishes its new ads: 2 of them would fail.');

  const german = await cli(['feed', 'plan', 'lager', ...at], { LANG: 'de_DE.UTF-8' });
  expect(german.stdout).toContain('nicht bereit zum Veröffentlichen: Es fehlt: Umkreis (km).');
  expect(german.stderr).toContain('Der Feed veröffentlicht seine neuen Anzeigen: 2 davon würden scheitern.');

  const run = await cli(['feed', 'run', 'lager', ...at]);
  expect(run.code).toBe(1);
  const failed = run.stderr.split('\n').filter((line) => /^K-\d .*failed:/.test(line));
  expect(failed).toHaveLength(2);
  for (const line of failed) expect(line).toContain('Missing: Radius (km).');
}, 180_000);
