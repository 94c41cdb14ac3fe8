// The catalog's warnings of a draft (issue 33.6): a category the catalog does not know nor the
// service took, a category with kinds and no kind; nothing for an empty category, a known-good
// path, or a kind given under the category's own kind key.
import { describe, expect, it } from 'vitest';
import { shippedCatalog } from '../../../../src/main/catalog';
import { catalogChecker, kindKeysOf, makeCatalogView } from '../../../../src/shared/domain/catalog';

const view = makeCatalogView(shippedCatalog());
const TOYS = 'Familie_Kind_Baby/Spielzeug';
// A category of the catalog without kinds: none of art/type/typ among its selects.
const plain = shippedCatalog().categories.find((c) => view.kindAttribute(c.path) === undefined)!.path;

describe('catalog warnings', () => {
  const check = catalogChecker(view, (accountId, path) => accountId === 'shop' && path === 'Alt/Bekannt');

  it('warns of a category the catalog does not know, unless the account’s service took it', () => {
    expect(check({ accountId: 'sandbox', category: 'Elektronik/Handys', kindKeys: [] })).toEqual([
      { code: 'category-unknown', path: 'Elektronik/Handys' },
    ]);
    expect(check({ accountId: 'shop', category: ' Alt/Bekannt ', kindKeys: [] })).toEqual([]);
    expect(check({ accountId: 'sandbox', category: 'Alt/Bekannt', kindKeys: [] })).toHaveLength(1);
    expect(check({ accountId: null, category: 'Alt/Bekannt', kindKeys: [] })).toHaveLength(1);
    expect(check({ accountId: 'sandbox', category: '   ', kindKeys: [] })).toEqual([]);
  });

  it('warns of a category with kinds whose kind is empty, naming the key', () => {
    expect(check({ accountId: 'sandbox', category: TOYS, kindKeys: [] })).toEqual([
      { code: 'kind-missing', path: TOYS, key: 'art' },
    ]);
    expect(check({ accountId: 'sandbox', category: TOYS, kindKeys: ['art'] })).toEqual([]);
    // Another kind key than the category's own does not count.
    expect(check({ accountId: 'sandbox', category: TOYS, kindKeys: ['typ'] })).toHaveLength(1);
    expect(check({ accountId: 'sandbox', category: plain, kindKeys: [] })).toEqual([]);
  });

  it('reads the kind keys a draft gives a value', () => {
    expect(kindKeysOf({ art: 'lego_duplo', condition: 'ok', typ: ' ', type: 'x' })).toEqual(['art', 'type']);
    expect(kindKeysOf({})).toEqual([]);
  });

  it('nothing is known good by default', () => {
    expect(catalogChecker(view)({ accountId: 'shop', category: 'Alt/Bekannt', kindKeys: [] })).toHaveLength(
      1,
    );
  });
});
