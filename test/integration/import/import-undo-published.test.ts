// Undo of an import whose drafts went on: an imported draft that was published since is kept
// (its ad is the seller's to take down), the rest go to the trash (issue 17).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ImportRunResult, ImportUndoResult } from '../../../src/shared/domain/tables/import';
import type { PublishNotice, PublishStartResult } from '../../../src/shared/domain/publishing/publish-job';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let t: TempApp;
let src: { dir: string; remove(): void };

beforeEach(async () => {
  t = await createTempApp();
  src = tempDir('listing-desk-import-undo-');
});
afterEach(async () => {
  await t.remove();
  src.remove();
});

it('keeps a published draft on undo and names it; trashes the others', async () => {
  putPhoto(src.dir, 'kuehlschrank.png', 1);
  const file = put(
    src.dir,
    'bestand.csv',
    'Titel;Beschreibung;Kategorie;Preis;Preisart;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild\n' +
      'Kühlschrank, wie neu;Gut erhalten.;Haushalt/Kühlschränke;120,50 €;Festpreis;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;kuehlschrank.png\n' +
      'Regal;Buche;Möbel/Regale;20;Festpreis;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;\n',
  );
  const result = await t.call<ImportRunResult>('import:run', {
    path: file,
    accountId: 'sandbox',
    // Made-up categories (not the catalog's): kept as typed, as before issue 34.
    categoriesAsTyped: true,
    runId: 'u',
  });
  expect(result).toMatchObject({ created: 2, photosAdded: 1 });
  const [fridge, shelf] = result.draftIds as [string, string];

  const notices: PublishNotice[] = [];
  t.app.events.subscribe((event, payload) => {
    if (event === 'publish:notice') notices.push(payload as PublishNotice);
  });
  const started = await t.call<{ results: PublishStartResult[] }>('publish:start', { draftIds: [fridge] });
  expect(started.results[0]).toMatchObject({ draftId: fridge, jobId: expect.any(String) });
  await vi.waitFor(() => expect(notices).toHaveLength(1), { timeout: 30_000, interval: 100 });
  expect(notices[0]).toMatchObject({ kind: 'live', draftId: fridge });

  const undone = await t.call<ImportUndoResult>('import:undo', { importId: result.importId });
  expect(undone).toEqual({ importId: result.importId, trashed: 1, gone: 0, kept: [fridge] });
  expect((await t.call<Draft>('drafts:get', { id: fridge })).status).toBe('published');
  const list = await t.call<{ items: { id: string }[] }>('drafts:list');
  expect(list.items.map((d) => d.id)).toEqual([fridge]);
  expect(
    (await t.call<{ items: { id: string }[] }>('drafts:list', { trash: true })).items.map((d) => d.id),
  ).toEqual([shelf]);
}, 60_000);
