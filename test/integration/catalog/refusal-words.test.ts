// The words of a refusal's likely cause (issue 33.4), part by part, over a small catalog of our own
// and a real known-good store: a value that is no number, a key the category does not list, a long
// list of allowed values cut short, a run of numbers said as a range, and nothing at all for parts
// the account's listings carried.
import { afterEach, expect, it } from 'vitest';
import { likelyCauseOf, openKnownGood } from '../../../src/main/catalog';
import { catalogSchema, makeCatalogView } from '../../../src/shared/domain/catalog';
import { tempDir } from '../../unit/helpers/temp-app';

const view = makeCatalogView(
  catalogSchema.parse({
    source: 'test',
    date: '2026-04-01',
    attributeLabels: {
      marke: { de: 'Marke', en: 'Brand' },
      baujahr: { de: 'Baujahr', en: 'Year built' },
      groesse: { de: 'Größe', en: 'Size' },
    },
    categories: [
      {
        path: 'Auto_Rad_Boot/Fahrraeder',
        nameDe: 'Auto, Rad & Boot > Fahrräder',
        nameEn: 'Cars, bikes & boats > Bicycles',
        attributes: [
          { key: 'baujahr', type: 'number' },
          {
            key: 'marke',
            type: 'select',
            options: [
              'Cube',
              'Gazelle',
              'Giant',
              'KTM',
              'Kalkhoff',
              'Riese & Müller',
              'Trek',
              'Specialized',
            ].map((label) => ({ value: label.toLowerCase(), label })),
          },
          {
            key: 'groesse',
            type: 'select',
            options: ['< 40', '40', '45', '50', '55', '60', '> 60'].map((label) => ({ value: label, label })),
          },
        ],
      },
    ],
  }),
);
const BIKES = 'Auto_Rad_Boot/Fahrraeder';
const folder = tempDir('listing-desk-refusal-words-');
afterEach(() => folder.remove());

it('words each part the catalog does not know, in English and German', async () => {
  const log = { warn: () => undefined, error: () => undefined };
  const known = await openKnownGood({ dataDir: folder.dir, view: () => view, log });
  const cause = likelyCauseOf(view, known, {
    accountId: 'acc',
    path: BIKES,
    sendsCategory: true,
    attributes: { baujahr: 'neu', marke: 'stevens', rahmen: 'alu', groesse: '52' },
  });
  expect(cause).toEqual({
    en:
      "Year built 'neu' is not a number. " +
      "Brand 'stevens' is not known for Bicycles: Cube, Gazelle, Giant, KTM, Kalkhoff and 3 more. " +
      "The attribute 'rahmen' is not known for Bicycles. " +
      "Size '52' is not known for Bicycles: 40 to 60.",
    de:
      "Baujahr 'neu' ist keine Zahl. " +
      "Marke 'stevens' ist für Fahrräder nicht bekannt: Cube, Gazelle, Giant, KTM, Kalkhoff und 3 weitere. " +
      "Das Merkmal 'rahmen' ist für Fahrräder nicht bekannt. " +
      "Größe '52' ist für Fahrräder nicht bekannt: 40 bis 60.",
  });

  // The account's own listings carried them all: nothing to blame.
  known.learnListings('acc', [
    {
      uuid: 'u1',
      category: 'Fahrraeder',
      attributes: { baujahr: 'neu', marke: 'stevens', rahmen: 'alu', groesse: '52' },
    },
  ]);
  const parts = {
    accountId: 'acc',
    path: BIKES,
    sendsCategory: true,
    attributes: { baujahr: 'neu', marke: 'stevens', rahmen: 'alu', groesse: '52' },
  };
  expect(likelyCauseOf(view, known, parts)).toBeUndefined();
  // Another account's are its own.
  expect(likelyCauseOf(view, known, { ...parts, accountId: 'other', attributes: {} })?.en).toBe(
    'The service has not yet accepted these from this account: the category Bicycles.',
  );
  // An update that keeps the category and sends one known value blames nothing.
  expect(
    likelyCauseOf(view, known, {
      accountId: 'acc',
      path: BIKES,
      sendsCategory: false,
      attributes: { marke: 'stevens' },
    }),
  ).toBeUndefined();
});
