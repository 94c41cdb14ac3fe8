// The round trip (issue 17): the account's drafts exported to CSV or XLSX and imported again give
// the same drafts: every field the seller typed, the attributes, and the photos (taken in again
// through the intake from the exported paths). The imprint is the account's business, not the
// file's: it is not part of an export.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ExportResult } from '../../../src/shared/domain/tables/export';
import type { ImportPreviewResult, ImportRunResult } from '../../../src/shared/domain/tables/import';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const number = (value: number | string | null) =>
  value === null || value === '' ? null : Number(String(value).replace(',', '.'));
const text = (value: string | null) => (value === null || value === '' ? null : value);

/** What the seller typed, in comparable form (the ids, dates, status and imprint left out). */
function typed(draft: Draft) {
  return {
    title: draft.title,
    description: draft.description,
    category: draft.category,
    attributes: draft.attributes,
    adType: draft.adType,
    price: { type: draft.price.type, amount: number(draft.price.amount) },
    email: draft.email,
    phoneNumber: text(draft.phoneNumber),
    customReference: text(draft.customReference),
    contactPerson: text(draft.contactPerson),
    buyNow: draft.buyNow,
    publication: {
      street: draft.publication.street,
      city: draft.publication.city,
      district: text(draft.publication.district),
      postalCode: draft.publication.postalCode,
      radius: number(draft.publication.availabilityRadiusInKm),
    },
    photos: draft.photos.map((photo) => `${photo.width}x${photo.height}`),
  };
}

async function start(): Promise<{ temp: TempApp; out: string; originals: Draft[] }> {
  const folder = tempDir('listing-desk-roundtrip-');
  const out = tempDir('listing-desk-roundtrip-out-');
  cleanups.push(folder.remove, out.remove);
  const originals = [
    readyDraft(
      folder.dir,
      1,
      {
        title: 'Sofa "Lotta"; grau, 3-Sitzer',
        description: 'Zeile eins\nZeile zwei; mit Semikolon, Komma und "Anführungszeichen"\n\nGrüße aus Köln',
        category: 'Möbel/Sofas',
        price: { type: 'FIXED', amount: '1234,5' },
        attributes: { zustand: 'gebraucht', farbe: 'grau' },
        buyNow: true,
        customReference: 'SOFA-1',
      },
      2,
    ),
    readyDraft(folder.dir, 5, {
      title: 'Stehlampe',
      description: 'Messing.',
      category: 'Möbel/Lampen',
      price: { type: 'NEGOTIABLE', amount: 40 },
      attributes: { marke: 'Ikea' },
      buyNow: null,
      phoneNumber: null,
      contactPerson: null,
      customReference: 'LAMP-2',
      publication: {
        street: '',
        city: 'Bonn',
        district: null,
        postalCode: '53111',
        availabilityRadiusInKm: null,
        imprintUuid: null,
      },
    }),
  ];
  for (const draft of originals) writeDraft(folder.dir, draft);
  const temp = await createTempApp(folder.dir);
  cleanups.push(() => temp.app.close());
  return { temp, out: out.dir, originals };
}

describe.each(['csv', 'xlsx'] as const)('export to %s, then import', (format) => {
  it('gives the same drafts', async () => {
    const { temp, out, originals } = await start();
    const file = path.join(out, `drafts.${format}`);
    expect((await temp.call<ExportResult>('export:drafts', { path: file, format })).rows).toBe(2);

    // Imported where the drafts are, each row is its own draft again (issue 23.2): nothing to write.
    const again = await temp.call<ImportPreviewResult>('import:preview', {
      path: file,
      accountId: 'sandbox',
      // The drafts' categories are made up (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
    });
    expect(again.rows.map((r) => [r.action, r.changes])).toEqual([
      ['unchanged', undefined],
      ['unchanged', undefined],
    ]);
    // Into a desk without them (the originals in the trash), the rows make the same drafts anew.
    await temp.call('drafts:trash', { ids: originals.map((d) => d.id) });
    const result = await temp.call<ImportRunResult>('import:run', {
      path: file,
      accountId: 'sandbox',
      // The drafts' categories are made up (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
      runId: `round-trip-${format}`,
    });
    expect(result.refused).toEqual([]);
    expect(result.photosRefused).toEqual([]);
    expect(result.created).toBe(2);
    const imported = await Promise.all(result.draftIds.map((id) => temp.call<Draft>('drafts:get', { id })));
    const byReference = (drafts: Draft[]) =>
      [...drafts].sort((a, b) => (a.customReference ?? '').localeCompare(b.customReference ?? ''));
    expect(byReference(imported).map(typed)).toEqual(byReference(originals).map(typed));
    for (const draft of imported) expect(draft.accountId).toBe('sandbox');
  });
});
