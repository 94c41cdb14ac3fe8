// A fixed price of 0 € is not ready to publish (issue 23.4), also for a draft file saved as 'ready'
// under the older rules: `publish --ready` leaves it out and says why, and `publish ID` refuses it
// naming the price, in English and German. The command line runs as a child process, as a
// scheduler runs it, on a data folder written in the store's own format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { tempDir } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const folder = tempDir('listing-desk-cli-price-');
const dir = folder.dir;
let free: Draft;

const ENGLISH =
  'Price: A fixed price of €0 offers the item for nothing. Enter the price buyers pay; to give the item away, choose the price type “Give away” where the service offers it.';
const GERMAN =
  'Preis: Ein Festpreis von 0 € bietet den Artikel umsonst an. Geben Sie den Preis ein, den Käufer zahlen; zum Verschenken wählen Sie die Preisart „Zu verschenken“, wo der Dienst sie anbietet.';

beforeAll(() => {
  // Saved as 'ready' before the rule existed: the store's index is rebuilt under today's rules.
  free = readyDraft(dir, 1, { title: 'Stehlampe', status: 'ready', price: { type: 'FIXED', amount: 0 } });
  writeDraft(dir, free);
});
afterAll(() => folder.remove());

describe('a fixed price of 0 € on the command line', () => {
  it('is left out of publish --ready, with why, in English and German', async () => {
    const run = await cli(['publish', '--ready', '--data-dir', dir]);
    // Nothing was published because nothing is ready: not "everything done" (issue 26.5).
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toContain(`Stehlampe: left out, not ready: ${ENGLISH}`);
    expect(run.stderr).toContain('No draft is ready to publish: the 1 draft above needs something first.');
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, live: 0, notReady: 1, items: [] });

    const german = await cli(['publish', '--ready', '--data-dir', dir], { LANG: 'de_DE.UTF-8' });
    expect(german.code, german.stderr).toBe(6);
    expect(german.stderr).toContain(
      'Kein Entwurf ist bereit zum Veröffentlichen: 1 Entwurf (oben genannt) braucht zuerst noch etwas.',
    );
    expect(german.stderr).toContain(`Stehlampe: ausgelassen, nicht fertig: ${GERMAN}`);
  }, 120_000);

  it('is refused when named, exit code 1, the price named in the summary', async () => {
    const run = await cli(['publish', free.id, '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`Stehlampe: not started: `);
    expect(run.stderr).toContain(ENGLISH);
    const summary = JSON.parse(run.stdout) as { items: { state: string; error: { message: string } }[] };
    expect(summary.items).toHaveLength(1);
    expect(summary.items[0]!.state).toBe('not-started');
    expect(summary.items[0]!.error.message).toContain(ENGLISH);
  }, 120_000);
});
