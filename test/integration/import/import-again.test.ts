// Imports that know what exists (issue 23.2) and show every problem first (issue 23.3), through the
// real router, drafts store, photo intake and the embedded listing service: a file imported again
// updates its drafts by reference (or leaves them), never doubles them; rows without a reference
// that match a draft are possible duplicates; each row's problem says what and where.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ImportPreviewResult, ImportRunResult } from '../../../src/shared/domain/tables/import';
import type { PublishNotice } from '../../../src/shared/domain/publishing/publish-job';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let t: TempApp;
let src: { dir: string; remove(): void };

beforeEach(async () => {
  t = await createTempApp();
  src = tempDir('listing-desk-import-again-');
});
afterEach(async () => {
  await t.remove();
  src.remove();
});

const account = 'sandbox';
let runs = 0;
// The files' categories are made up (not the catalog's): kept as typed, as before issue 34.
const typed = { categoriesAsTyped: true };
const preview = (file: string, extra: Record<string, unknown> = {}) =>
  t.call<ImportPreviewResult>('import:preview', { path: file, accountId: account, ...typed, ...extra });
const run = (file: string, extra: Record<string, unknown> = {}) =>
  t.call<ImportRunResult>('import:run', {
    path: file,
    accountId: account,
    runId: `run-${++runs}`,
    ...typed,
    ...extra,
  });
const drafts = async () => (await t.call<DraftsListResult>('drafts:list')).items;
const draft = (id: string) => t.call<Draft>('drafts:get', { id });

const HEADER = 'Titel;Beschreibung;Kategorie;Preis;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild;Referenz';
const place = 'shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';
const line = (title: string, price: string, photo: string, ref: string) =>
  `${title};Gut erhalten.;Haushalt/Möbel;${price};${place};${photo};${ref}`;

describe('a file imported again', () => {
  it('makes one draft per reference: the second time every row is unchanged and nothing is written', async () => {
    putPhoto(src.dir, 'tisch.png', 1);
    putPhoto(src.dir, 'stuhl.png', 2);
    const file = put(
      src.dir,
      'bestand.csv',
      [HEADER, line('Tisch', '149', 'tisch.png', 'T-1'), line('Stuhl', '45', 'stuhl.png', 'S-1')].join('\n'),
    );
    const first = await run(file);
    expect(first).toMatchObject({ created: 2, updated: 0, photosAdded: 2 });
    const again = await preview(file);
    expect(again.rows.map((r) => [r.index, r.action, r.match?.draftId])).toEqual([
      [1, 'unchanged', first.draftIds[0]],
      [2, 'unchanged', first.draftIds[1]],
    ]);
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    const second = await run(file);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: [1, 2], draftIds: [] });
    const list = await drafts();
    expect(list.map((d) => d.customReference).sort()).toEqual(['S-1', 'T-1']);
    // The photos were not taken a second time either.
    expect((await draft(first.draftIds[0]!)).photos).toHaveLength(1);
  }, 60_000);

  it('updates the draft of a reference, field by field, and keeps what the seller added', async () => {
    putPhoto(src.dir, 'tisch.png', 1);
    putPhoto(src.dir, 'tisch-neu.png', 3);
    const file = put(src.dir, 'bestand.csv', [HEADER, line('Tisch', '149', 'tisch.png', 'T-1')].join('\n'));
    const [id] = (await run(file)).draftIds as [string];
    // The seller adds a phone number in the app; the file has no such column.
    await t.call('drafts:save', { draft: { ...(await draftFields(id)), phoneNumber: '030 123' } });
    put(src.dir, 'bestand.csv', [HEADER, line('Tisch aus Eiche', '139', 'tisch-neu.png', 'T-1')].join('\n'));
    const { rows, counts } = await preview(file);
    expect(counts).toMatchObject({ update: 1, create: 0 });
    expect(rows[0]).toMatchObject({
      action: 'update',
      match: { via: 'reference', draftId: id, title: 'Tisch' },
    });
    expect(rows[0]!.changes).toEqual([
      { field: 'title', before: 'Tisch', after: 'Tisch aus Eiche' },
      { field: 'price.amount', before: 149, after: 139 },
      { field: 'photos', before: 'tisch.png', after: 'tisch-neu.png' },
    ]);
    const result = await run(file);
    expect(result).toMatchObject({ created: 0, updated: 1, updatedIds: [id], photosAdded: 1 });
    const updated = await draft(id);
    expect(updated).toMatchObject({
      title: 'Tisch aus Eiche',
      price: { amount: 139 },
      phoneNumber: '030 123',
    });
    expect(updated.photos.map((p) => p.originalName)).toEqual(['tisch-neu.png']);
    expect(await drafts()).toHaveLength(1);
  }, 60_000);

  it('shows rows without a reference that match a draft’s title and price as possible duplicates', async () => {
    const file = put(src.dir, 'liste.csv', 'Titel;Preis\nLampe;12\nRegal;30\n');
    await run(file);
    put(src.dir, 'liste.csv', 'Titel;Preis\nLampe;12\nRegal;35\n');
    const { rows, counts } = await preview(file);
    expect(rows.map((r) => r.action)).toEqual(['duplicate', 'create']);
    expect(rows[0]!.match).toMatchObject({ via: 'title-price', title: 'Lampe' });
    expect(counts).toMatchObject({ duplicate: 1, create: 1 });
    // Left out unless the seller chooses it.
    const left = await run(file);
    expect(left).toMatchObject({ created: 1, duplicatesSkipped: [1] });
    expect((await drafts()).map((d) => d.title).sort()).toEqual(['Lampe', 'Regal', 'Regal']);
    const taken = await run(file, { duplicates: [1] });
    // The shelf at 35 is a draft by now: this time it is the possible duplicate left out.
    expect(taken).toMatchObject({ created: 1, duplicatesSkipped: [2] });
    expect((await drafts()).filter((d) => d.title === 'Lampe')).toHaveLength(2);
  }, 60_000);

  it('does not make a second ad of a live ad whose draft is gone', async () => {
    putPhoto(src.dir, 'tisch.png', 1);
    const file = put(src.dir, 'bestand.csv', [HEADER, line('Tisch', '149', 'tisch.png', 'T-1')].join('\n'));
    const [id] = (await run(file)).draftIds as [string];
    const notices: PublishNotice[] = [];
    t.app.events.subscribe((event, payload) => {
      if (event === 'publish:notice') notices.push(payload as PublishNotice);
    });
    await t.call('publish:start', { draftIds: [id] });
    await vi.waitFor(() => expect(notices.map((n) => n.kind)).toContain('live'), {
      timeout: 30_000,
      interval: 100,
    });
    await t.call('listings:list', { refresh: true });
    // The seller gave the published draft another reference since: the row's reference is the live
    // ad's, and the draft linked to that ad is the one updated (no second draft, no second ad).
    await t.call('drafts:save', { draft: { ...(await draftFields(id)), customReference: 'T-9' } });
    const linked = await preview(file);
    expect(linked.rows[0]).toMatchObject({
      action: 'update',
      match: { via: 'live', draftId: id },
      changes: [{ field: 'customReference', before: 'T-9', after: 'T-1' }],
    });
    await t.call('drafts:save', { draft: { ...(await draftFields(id)), customReference: 'T-1' } });
    // The draft goes for good; the ad stays live.
    await t.call('drafts:trash', { ids: [id] });
    await t.call('drafts:empty-trash');
    const same = await preview(file);
    expect(same.rows[0]).toMatchObject({ action: 'unchanged', match: { via: 'live', title: 'Tisch' } });
    put(src.dir, 'bestand.csv', [HEADER, line('Tisch', '139', 'tisch.png', 'T-1')].join('\n'));
    const changed = await preview(file);
    expect(changed.rows[0]).toMatchObject({
      action: 'refused',
      problems: [expect.objectContaining({ code: 'live-without-draft', value: 'T-1', names: ['Tisch'] })],
      changes: [{ field: 'price.amount', before: 149, after: 139 }],
    });
    expect((await run(file)).created).toBe(0);
    expect(await drafts()).toHaveLength(0);
  }, 90_000);
});

describe('every problem before anything is written', () => {
  it('names the same reference in two rows of one file, with the other row', async () => {
    const file = put(src.dir, 'a.csv', 'Titel;Preis;Referenz\nA;1;R-1\nB;2;R-2\nC;3;R-1\n');
    const { rows } = await preview(file);
    expect(rows.map((r) => [r.index, r.action])).toEqual([
      [1, 'refused'],
      [2, 'create'],
      [3, 'refused'],
    ]);
    expect(rows[0]!.problems).toContainEqual(
      expect.objectContaining({ code: 'reference-twice', value: 'R-1', rows: [3] }),
    );
    expect(rows[2]!.problems).toContainEqual(
      expect.objectContaining({ code: 'reference-twice', value: 'R-1', rows: [1] }),
    );
  });

  it('refuses a row with more cells than the header, naming the extra cells', async () => {
    const file = put(src.dir, 'a.csv', 'Title,Price,Photos\nLamp,12,a.png, b.png\nShelf,30,\n');
    const { rows } = await preview(file);
    expect(rows[0]).toMatchObject({ ok: false, action: 'refused' });
    expect(rows[0]!.problems).toContainEqual({ code: 'extra-cells', severity: 'error', names: ['b.png'] });
    expect(rows[1]!.ok).toBe(true);
    expect((await run(file)).refused.map((r) => r.index)).toEqual([1]);
  });

  it('says where it looked for a photo it did not find: the full paths', async () => {
    const photos = path.join(src.dir, 'fotos');
    putPhoto(photos, 'da.png', 1);
    const file = put(src.dir, 'a.csv', 'Titel;Bild\nDune;Dune.jpg\n');
    const { rows } = await preview(file, { photoDir: photos });
    expect(rows[0]!.problems).toContainEqual({
      code: 'photo-not-found',
      severity: 'warning',
      field: 'photos',
      value: 'Dune.jpg',
      looked: [path.join(photos, 'Dune.jpg'), path.join(src.dir, 'Dune.jpg')],
    });
  });

  it('does not call a row ready that the service would refuse: no price, no photo, no place', async () => {
    putPhoto(src.dir, 'tisch.png', 1);
    const file = put(
      src.dir,
      'a.csv',
      [
        HEADER,
        line('Tisch', '149', 'tisch.png', 'T-1'),
        line('Stuhl', '', '', 'S-1'),
        'Regal;;;;;;;;;;;R-1',
      ].join('\n'),
    );
    const { rows, counts } = await preview(file);
    expect(rows.map((r) => [r.draft.title, r.action, r.ready])).toEqual([
      ['Tisch', 'create', true],
      ['Stuhl', 'create', false],
      ['Regal', 'create', false],
    ]);
    expect(rows[0]!.problems).toEqual([]);
    const stuhl = rows[1]!.problems.filter((p) => p.code === 'not-ready').map((p) => p.issue);
    expect(stuhl).toEqual([
      { field: 'price.amount', code: 'required' },
      { field: 'photos', code: 'no-photos' },
    ]);
    const regal = rows[2]!.problems.map((p) => p.issue?.field);
    expect(regal).toEqual(
      expect.arrayContaining([
        'category',
        'description',
        'price.amount',
        'email',
        'publication.city',
        'photos',
      ]),
    );
    expect(counts).toMatchObject({ notReady: 2, create: 3 });
    const result = await run(file);
    expect(result.notReady.map((r) => r.index)).toEqual([2, 3]);
  });
});

/** The fields the editor saves, as the draft holds them now. */
async function draftFields(id: string) {
  const {
    version: _v,
    accountId: _a,
    status: _s,
    createdAt: _c,
    updatedAt: _u,
    photos: _p,
    remote: _r,
    ...fields
  } = await draft(id);
  return fields;
}
