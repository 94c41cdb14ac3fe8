// The drafts export says what a seller needs to follow an ad (issue 26.7): each draft's state and,
// once published, its ad's ID, and the price and ad type in the seller's words, not the service's
// codes. A file exported that way and imported again gives the same types back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ExportResult } from '../../../src/shared/domain/tables/export';
import type { ImportRunResult } from '../../../src/shared/domain/tables/import';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<{ temp: TempApp; out: string; live: Draft; lamp: Draft; wanted: Draft }> {
  const folder = tempDir('listing-desk-export-state-');
  const out = tempDir('listing-desk-export-state-out-');
  cleanups.push(folder.remove, out.remove);
  const live = readyDraft(folder.dir, 1, { title: 'Kommode', customReference: 'KOM-1', publication });
  const lamp = readyDraft(folder.dir, 5, {
    title: 'Stehlampe',
    customReference: 'LAMP-2',
    price: { type: 'NEGOTIABLE', amount: 40 },
  });
  const wanted = readyDraft(folder.dir, 9, {
    title: 'Suche Kinderwagen',
    customReference: 'WANT-3',
    adType: 'WANTED',
    price: { type: 'GIVE_AWAY', amount: null },
  });
  for (const draft of [live, lamp, wanted]) writeDraft(folder.dir, draft);
  const temp = await createTempApp(folder.dir);
  cleanups.push(() => temp.app.close());
  return { temp, out: out.dir, live, lamp, wanted };
}

/** Publishes `draft` on the embedded service and resolves with its ad's ID. */
async function publish(temp: TempApp, draft: Draft): Promise<number> {
  await temp.call('publish:start', { draftIds: [draft.id] });
  let adId: number | null = null;
  await vi.waitFor(
    async () => {
      const { jobs } = await temp.call<PublishState>('publish:list');
      const job = jobs.find((j) => j.draftId === draft.id);
      expect(job?.state).toBe('published');
      adId = job!.adId;
      expect(adId).toEqual(expect.any(Number));
      expect((await temp.call<Draft>('drafts:get', { id: draft.id })).status).toBe('published');
    },
    { timeout: 20_000, interval: 100 },
  );
  return adId!;
}

type Row = Record<string, string>;

it.each([
  ['de', { state: 'Status', adId: 'Anzeigennummer', priceType: 'Preisart', adType: 'Anzeigenart' }],
  ['en', { state: 'State', adId: 'Ad ID', priceType: 'Price type', adType: 'Ad type' }],
] as const)('writes state, ad ID and types in words (%s)', async (language, h) => {
  const { temp, out, live, lamp, wanted } = await start();
  await temp.call('settings:set', { language });
  const adId = await publish(temp, live);
  const file = path.join(out, 'drafts.csv');
  expect((await temp.call<ExportResult>('export:drafts', { path: file, format: 'csv' })).rows).toBe(3);
  const rows = parse(readFileSync(file, 'utf8'), { bom: true, delimiter: ';', columns: true }) as Row[];
  const byRef = (ref: string) => rows.find((row) => Object.values(row).includes(ref))!;
  const words =
    language === 'de'
      ? { published: 'Veröffentlicht', ready: 'Bereit', fixed: 'Festpreis', negotiable: 'Verhandlungsbasis' }
      : { published: 'Published', ready: 'Ready', fixed: 'Fixed price', negotiable: 'Negotiable' };
  expect(byRef(live.customReference!)).toMatchObject({
    [h.state]: words.published,
    [h.adId]: String(adId),
    [h.priceType]: words.fixed,
    [h.adType]: language === 'de' ? 'Angebot' : 'Offer',
  });
  expect(byRef(lamp.customReference!)).toMatchObject({
    [h.state]: words.ready,
    [h.adId]: '',
    [h.priceType]: words.negotiable,
  });
  expect(byRef(wanted.customReference!)).toMatchObject({
    [h.priceType]: language === 'de' ? 'Zu verschenken' : 'Give away',
    [h.adType]: language === 'de' ? 'Gesuch' : 'Wanted',
  });
  // No code of the service's in the file.
  expect(readFileSync(file, 'utf8')).not.toMatch(/\b(FIXED|NEGOTIABLE|GIVE_AWAY|OFFER|WANTED)\b/);

  // Imported into a desk without those drafts, the words are read back as the service's values.
  await temp.call('drafts:trash', { ids: [live.id, lamp.id, wanted.id] });
  const result = await temp.call<ImportRunResult>('import:run', {
    path: file,
    accountId: 'sandbox',
    runId: `types-${language}`,
  });
  expect(result.refused).toEqual([]);
  expect(result.created).toBe(3);
  const imported = await Promise.all(result.draftIds.map((id) => temp.call<Draft>('drafts:get', { id })));
  const types = Object.fromEntries(imported.map((d) => [d.customReference, [d.adType, d.price.type]]));
  expect(types).toEqual({
    'KOM-1': ['OFFER', 'FIXED'],
    'LAMP-2': ['OFFER', 'NEGOTIABLE'],
    'WANT-3': ['WANTED', 'GIVE_AWAY'],
  });
});
