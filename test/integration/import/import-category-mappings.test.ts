// A shop's file imported through its category mappings (issue 34, "Checked from outside"): a CSV
// with its own tree (` > ` and `/`), a Zustand and a Farbe column, three shop categories mapped
// once (one inherited by a deeper one). Every draft carries the catalog's path, the mapped kind, a
// condition its category allows and a colour option, and no attribute named after a header; an
// unmapped shop category is named once in the preview with the catalog's guesses, and mapped there
// it serves the next preview. Through the real router, mappings file and drafts store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shippedCatalog } from '../../../src/main/catalog';
import { makeCatalogView, type CategoryMapping } from '../../../src/shared/domain/catalog';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ImportPreviewResult, ImportRunResult } from '../../../src/shared/domain/tables/import';
import { put } from '../../fixtures/import/import-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let t: TempApp;
let src: { dir: string; remove(): void };

beforeEach(async () => {
  t = await createTempApp();
  src = tempDir('listing-desk-import-mappings-');
});
afterEach(async () => {
  await t.remove();
  src.remove();
});

const view = makeCatalogView(shippedCatalog());
const KITCHEN = 'Haus_Garten/Kueche_Esszimmer';
const LIVING = 'Haus_Garten/Wohnzimmer';
const SHOES = 'Mode_Beauty/Schuhe_Damen';
const account = 'sandbox';
let runs = 0;
const preview = (file: string, extra: Record<string, unknown> = {}) =>
  t.call<ImportPreviewResult>('import:preview', { path: file, accountId: account, ...extra });
const run = (file: string, extra: Record<string, unknown> = {}) =>
  t.call<ImportRunResult>('import:run', { path: file, accountId: account, runId: `run-${++runs}`, ...extra });
const draft = (id: string) => t.call<Draft>('drafts:get', { id });
const map = (shopCategory: string, path: string, attributes: Record<string, string> = {}) =>
  t.call<CategoryMapping>('categories:map', { shopCategory, path, attributes });

const SHOP_CSV = [
  'Artikelnummer;Titel;Beschreibung;Preis;Kategorie;Zustand;Farbe',
  'T-1;Esstisch Eiche;Massiv, 180 cm.;249;Möbel > Tische > Esstische;gebraucht;Braun',
  'T-2;Küchentisch;Klein, weiß lackiert.;60;Möbel > Tische;Neu;Weiß',
  'S-1;Sofa Milano;Drei Sitze.;399;Möbel/Sofas;refurbished;grau',
  'P-1;Pumps rot;Einmal getragen.;35;Damen/Schuhe/Pumps;neuwertig;ROT',
  'G-1;Kugelgrill;Mit Deckel.;80;Garten > Grills;gebraucht;Schwarz',
  'G-2;Grillrost;Edelstahl.;15;Garten/Grills;neu;Silber',
].join('\n');

const HEADER_NAMES = ['Zustand', 'Farbe', 'zustand', 'farbe'];

/** The draft's attributes hold the category's own keys and values, none named after a header. */
function expectCatalogWords(found: Draft, path: string, kind: string) {
  expect(found.category).toBe(path);
  expect(found.attributes.art).toBe(kind);
  const offered = (key: string) =>
    view
      .attributes(path)
      .find((a) => a.key === key)
      ?.options?.map((o) => o.value);
  expect(offered('condition')).toContain(found.attributes.condition);
  expect(offered('color')).toContain(found.attributes.color);
  for (const name of HEADER_NAMES) expect(found.attributes).not.toHaveProperty(name);
}

describe('an import through the shop’s category mappings', () => {
  it('gives every mapped row the catalog’s path, kind, condition and colour; names the unmapped once', async () => {
    // Three shop categories mapped once; "Möbel > Tische > Esstische" inherits "Möbel > Tische".
    await map('Möbel > Tische', KITCHEN, { art: 'tische' });
    await map('Möbel / Sofas', LIVING, { art: 'sofas_sitzgarnituren' });
    await map('Damen > Schuhe > Pumps', SHOES, { art: 'pumps' });
    const file = put(src.dir, 'shop.csv', SHOP_CSV);

    const seen = await preview(file);
    // "Garten > Grills" and "Garten/Grills" are one shop category: named once, with both rows.
    expect(seen.unmapped).toHaveLength(1);
    expect(seen.unmapped![0]).toMatchObject({ shopCategory: 'Garten > Grills', rows: 2 });
    expect(seen.unmapped![0]!.guesses.length).toBeGreaterThan(0);
    for (const guess of seen.unmapped![0]!.guesses) expect(view.known(guess.path)).toBe(true);
    const byRef = (ref: string) => seen.rows.find((r) => r.draft.customReference === ref)!;
    expect(byRef('G-1').draft.category).toBeUndefined();
    expect(byRef('G-1').problems).toContainEqual(
      expect.objectContaining({ code: 'category-unmapped', value: 'Garten > Grills' }),
    );
    // The preview and the run decide alike: the mapped rows carry their path here already.
    expect(byRef('T-1').draft).toMatchObject({
      category: KITCHEN,
      attributes: { art: 'tische', condition: 'ok' },
    });

    const result = await run(file);
    expect(result.created).toBe(6);
    const drafts = await Promise.all(result.draftIds.map(draft));
    const of = (ref: string) => drafts.find((d) => d.customReference === ref)!;
    expectCatalogWords(of('T-1'), KITCHEN, 'tische');
    expectCatalogWords(of('T-2'), KITCHEN, 'tische');
    expectCatalogWords(of('S-1'), LIVING, 'sofas_sitzgarnituren');
    expectCatalogWords(of('P-1'), SHOES, 'pumps');
    expect(of('T-1').attributes).toMatchObject({ condition: 'ok', color: 'braun' });
    expect(of('T-2').attributes).toMatchObject({ condition: 'new', color: 'weiß' });
    expect(of('S-1').attributes).toMatchObject({ condition: 'like_new', color: 'grau' });
    expect(of('P-1').attributes).toMatchObject({ condition: 'like_new', color: 'rot' });
    // The unmapped rows came without a category (never a path the service does not know).
    expect(of('G-1').category).toBe('');
    expect(of('G-2').category).toBe('');
    // The import's categories are remembered for `categories unmapped`.
    expect(t.app.categoryMappings.lastImport()).toMatchObject({
      source: file,
      categories: expect.arrayContaining(['Garten > Grills', 'Möbel > Tische > Esstische', 'Möbel > Sofas']),
    });
  }, 60_000);

  it('maps an unmapped category from the preview’s guess: the next preview carries its path', async () => {
    await map('Möbel > Tische', KITCHEN, { art: 'tische' });
    const file = put(src.dir, 'shop.csv', SHOP_CSV);
    const first = await preview(file);
    const grills = first.unmapped!.find((u) => u.shopCategory === 'Garten > Grills')!;
    const guess = grills.guesses[0]!;
    await map(grills.shopCategory, guess.path, guess.kind ? { [guess.kind.key]: guess.kind.value } : {});
    const again = await preview(file);
    expect(again.unmapped?.map((u) => u.shopCategory)).not.toContain('Garten > Grills');
    const grill = again.rows.find((r) => r.draft.customReference === 'G-1')!;
    expect(grill.draft.category).toBe(guess.path);
    expect(grill.problems.map((p) => p.code)).not.toContain('category-unmapped');
  }, 60_000);

  it('keeps an unmapped shop category as typed when the seller chooses so', async () => {
    const file = put(src.dir, 'shop.csv', SHOP_CSV);
    const seen = await preview(file, { categoriesAsTyped: true });
    const grill = seen.rows.find((r) => r.draft.customReference === 'G-1')!;
    expect(grill.draft.category).toBe('Garten/Grills');
    expect(grill.problems.map((p) => p.code)).not.toContain('category-unmapped');
    // Still listed, so it can be mapped.
    expect(seen.unmapped?.map((u) => u.shopCategory)).toContain('Garten > Grills');
    const result = await run(file, { categoriesAsTyped: true });
    expect((await draft(result.draftIds[4]!)).category).toBe('Garten/Grills');
  }, 60_000);

  it('reads a kleinanzeigen-bot ad file’s category through the mappings too', async () => {
    await map('Möbel > Tische', KITCHEN, { art: 'tische' });
    const ad = put(
      src.dir,
      'ads/ad_tisch.yaml',
      'title: Esstisch\ndescription: Eiche\nprice: 120\ncategory: Möbel > Tische > Esstische\nspecial_attributes:\n  condition: ok\n',
    );
    const seen = await preview(ad);
    expect(seen.rows[0]!.draft).toMatchObject({
      category: KITCHEN,
      attributes: { art: 'tische', condition: 'ok' },
    });
  }, 60_000);
});
