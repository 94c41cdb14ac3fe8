// Variants grouped by item_group_id (issue 35.3): groups wherever their items stand, titles without
// size and colour, values listed once.
import { describe, expect, it } from 'vitest';
import {
  distinctValues,
  itemUnits,
  sharedValue,
  titleWithoutVariant,
  type ProductItem,
} from '../../../../src/shared/domain/feeds';

const item = (index: number, id: string, itemGroupId?: string): ProductItem => ({
  index,
  id,
  additionalImageLinks: [],
  ...(itemGroupId !== undefined && { itemGroupId }),
});

describe('itemUnits', () => {
  const items = [
    item(1, 'A-S', 'A'),
    item(2, 'B'),
    item(3, 'C-1', 'C'),
    item(4, 'A-M', 'A'),
    item(5, 'A-L', ' A '),
  ];

  it('groups items sharing a group id wherever they stand, at the first one’s place', () => {
    const units = itemUnits(items, 'group');
    expect(
      units.map((u) =>
        u.kind === 'item' ? u.item.id : `${u.groupId}:${u.variants.map((v) => v.id).join('+')}`,
      ),
    ).toEqual(['A:A-S+A-M+A-L', 'B', 'C:C-1']);
  });

  it('with one ad per variant, every item stands alone', () => {
    expect(itemUnits(items, 'each').map((u) => u.kind)).toEqual(['item', 'item', 'item', 'item', 'item']);
  });
});

describe('titleWithoutVariant', () => {
  it.each([
    ['T-Shirt Basic – Rot, M', ['M', 'Rot'], 'T-Shirt Basic'],
    ['T-Shirt Basic Rot M', ['M', 'Rot'], 'T-Shirt Basic'],
    ['T-Shirt Basic (Rot, M)', ['M', 'Rot'], 'T-Shirt Basic'],
    ['Laufschuh Trail - Blau - 42', ['42', 'Blau'], 'Laufschuh Trail'],
    ['Merino-Pullover Größe S / Schwarz', ['S', 'Schwarz'], 'Merino-Pullover Größe'],
    ['Merino Shirt M', ['M'], 'Merino Shirt'],
    ['Rotwein-Glas rot', ['rot'], 'Rotwein-Glas'],
    ['Jeans W32/L34 dunkelblau', ['W32/L34', 'dunkelblau'], 'Jeans'],
    ['Kissen', ['Kissen'], 'Kissen'],
    ['Sneaker Weiß 39', [undefined, ''], 'Sneaker Weiß 39'],
  ])('%j without %j is %j', (title, values, expected) => {
    expect(titleWithoutVariant(title, values)).toBe(expected);
  });
});

describe('values of variants', () => {
  it('distinctValues lists each once, case aside, in order', () => {
    expect(distinctValues(['S', 'M', undefined, 's', ' L ', ''])).toEqual(['S', 'M', 'L']);
  });

  it('sharedValue is the value all share, else none', () => {
    expect(sharedValue(['Baumwolle', 'baumwolle'])).toBe('Baumwolle');
    expect(sharedValue(['Rot', 'Blau'])).toBeUndefined();
    expect(sharedValue(['Rot', undefined])).toBeUndefined();
    expect(sharedValue([])).toBeUndefined();
  });
});
