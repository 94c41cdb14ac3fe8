// kleinanzeigen-bot ad files (its documented YAML/JSON ad format) into drafts, through the real
// router, drafts store and photo intake: a folder tree, image globs relative to each file,
// special_attributes, contact, price type and shipping, and what has no counterpart named per file.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type {
  ImportInspectResult,
  ImportPreviewResult,
  ImportRowPreview,
  ImportRunResult,
} from '../../../src/shared/domain/tables/import';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let t: TempApp;
let src: { dir: string; remove(): void };

beforeEach(async () => {
  t = await createTempApp();
  src = tempDir('listing-desk-import-kab-');
});
afterEach(async () => {
  await t.remove();
  src.remove();
});

const laptop = `# yaml-language-server: $schema=https://raw.githubusercontent.com/Second-Hand-Friends/kleinanzeigen-bot/main/schemas/ad.schema.json
active: true
type: OFFER
title: "Laptop HP 15 mit Ladegerät"
description: |
  Gut erhalten.
  Akku hält 3 Stunden.
description_prefix: "Privatverkauf: "
category: "Elektronik > Notebooks"
price: 150
price_type: FIXED
special_attributes:
  condition_s: like_new
shipping_type: SHIPPING
shipping_costs: 4.95
sell_directly: true
images:
  - "images/laptop_*.{jpg,png}"
  - "fehlt_*.png"
contact:
  name: "Max Muster"
  street: "Hauptstraße 1"
  zipcode: 10115
  location: "Berlin"
  phone: "0301234567"
republication_interval: 7
id: 2876543210
repost_count: 0
content_hash: abc
`;

const sofa = `title: Sofa grau, drei Sitze
description: Abholung nur in Köln.
category: 161/278
price: 80
shipping_type: PICKUP
images:
  - ../bilder/sofa.png
contact:
  zipcode: "50667"
  location: Köln
active: false
`;

function writeAds(): string {
  const root = path.join(src.dir, 'ads');
  put(root, 'elektronik/ad_laptop.yaml', laptop);
  putPhoto(path.join(root, 'elektronik/images'), 'laptop_1.png', 1);
  putPhoto(path.join(root, 'elektronik/images'), 'laptop_2.png', 2);
  putPhoto(path.join(root, 'elektronik/images'), 'other_3.png', 3);
  put(root, 'moebel/sofa/ad_sofa.yml', sofa);
  putPhoto(path.join(root, 'moebel/bilder'), 'sofa.png', 4);
  put(
    root,
    'ad_tasse.json',
    JSON.stringify({
      title: 'Tasse mit Henkel',
      description: 'Weiß',
      category: 'Haus > Küche',
      price_type: 'GIVE_AWAY',
    }),
  );
  put(root, 'ad_kaputt.yaml', 'title: "nicht zu\n  - ende: [');
  put(root, 'notes.yaml', 'title: not an ad file by its name');
  return root;
}

describe('kleinanzeigen-bot ad files', () => {
  it('reads a folder tree of ad files into drafts-to-be with their problems', async () => {
    const root = writeAds();
    const info = await t.call<ImportInspectResult>('import:inspect', { path: root });
    expect(info).toMatchObject({ kind: 'kleinanzeigen-bot', rowCount: 4, header: [], mapping: [] });

    const { rows, counts } = await t.call<ImportPreviewResult>('import:preview', {
      path: root,
      accountId: 'sandbox',
      // Made-up categories (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
    });
    expect(rows.map((r) => path.relative(root, r.file!))).toEqual([
      'ad_kaputt.yaml',
      'ad_tasse.json',
      path.join('elektronik', 'ad_laptop.yaml'),
      path.join('moebel', 'sofa', 'ad_sofa.yml'),
    ]);
    expect(counts).toMatchObject({ rows: 4, ok: 3, refused: 1, photos: 3 });
    const [broken, cup, laptopRow, sofaRow] = rows;
    expect(broken!.ok).toBe(false);
    expect(broken!.problems).toEqual([
      expect.objectContaining({ code: 'unreadable-file', severity: 'error' }),
    ]);

    expect(cup!.draft).toMatchObject({
      title: 'Tasse mit Henkel',
      category: 'Haus/Küche',
      price: { type: 'GIVE_AWAY', amount: null },
    });
    // Besides what the drafts' own rules say it lacks to be published (issue 23.3).
    const own = (row: ImportRowPreview) => row.problems.filter((p) => p.code !== 'not-ready');
    expect(own(cup!)).toEqual([]);

    expect(laptopRow!.draft).toMatchObject({
      title: 'Laptop HP 15 mit Ladegerät',
      description: 'Privatverkauf: Gut erhalten.\nAkku hält 3 Stunden.',
      category: 'Elektronik/Notebooks',
      adType: 'OFFER',
      price: { type: 'FIXED', amount: 150 },
      attributes: { condition_s: 'like_new', versand: 'ja' },
      buyNow: true,
      contactPerson: 'Max Muster',
      phoneNumber: '0301234567',
      publication: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin' },
      photos: [
        path.join(root, 'elektronik/images/laptop_1.png'),
        path.join(root, 'elektronik/images/laptop_2.png'),
      ],
    });
    expect(own(laptopRow!)).toEqual([
      {
        code: 'photo-glob-empty',
        severity: 'warning',
        field: 'photos',
        value: 'fehlt_*.png',
        looked: [path.join(root, 'elektronik', 'fehlt_*.png')],
      },
      {
        code: 'fields-not-imported',
        severity: 'warning',
        names: ['shipping_costs', 'republication_interval', 'id'],
      },
    ]);

    expect(sofaRow!.draft).toMatchObject({
      category: '161/278',
      price: { type: 'NEGOTIABLE', amount: 80 },
      attributes: { versand: 'nein' },
      publication: { postalCode: '50667', city: 'Köln' },
      photos: [path.join(root, 'moebel/bilder/sofa.png')],
    });
    expect(own(sofaRow!)).toEqual([
      { code: 'category-numeric', severity: 'warning', field: 'category', value: '161/278' },
      { code: 'inactive-ad', severity: 'warning' },
    ]);
  });

  it('imports the good ad files with their photos taken in, the broken one named', async () => {
    const root = writeAds();
    const result = await t.call<ImportRunResult>('import:run', {
      path: root,
      accountId: 'sandbox',
      // Made-up categories (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
      runId: 'k',
    });
    expect(result).toMatchObject({ created: 3, photosAdded: 3, photosRefused: [] });
    expect(result.refused).toEqual([
      expect.objectContaining({ index: 1, file: path.join(root, 'ad_kaputt.yaml') }),
    ]);
    const drafts = await Promise.all(result.draftIds.map((id) => t.call<Draft>('drafts:get', { id })));
    expect(drafts.map((d) => [d.title, d.photos.length, d.status, d.accountId])).toEqual([
      ['Tasse mit Henkel', 0, 'draft', 'sandbox'],
      ['Laptop HP 15 mit Ladegerät', 2, 'draft', 'sandbox'],
      ['Sofa grau, drei Sitze', 1, 'draft', 'sandbox'],
    ]);
    expect(drafts[1]!.photos.map((p) => p.originalName)).toEqual(['laptop_1.png', 'laptop_2.png']);
  });

  it('reads one ad file given alone', async () => {
    const root = writeAds();
    const file = path.join(root, 'moebel/sofa/ad_sofa.yml');
    const { rows } = await t.call<ImportPreviewResult>('import:preview', {
      path: file,
      accountId: 'sandbox',
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.draft.title).toBe('Sofa grau, drei Sitze');
    expect(rows[0]!.draft.photos).toEqual([path.join(root, 'moebel/bilder/sofa.png')]);
  });
});
