// Templates and accounts' records merged from two desks (issue 24.4): key by key, nested objects
// too, lists of items with ids (an account's imprints) as sets; a key changed on both sides keeps
// the later desk's value; the same result whichever desk merges first.
import { describe, expect, it } from 'vitest';
import { mergeShopRecord, type ShopAuthor } from '../../../src/shared/domain/shop/shop-merge';
import { templateFromDraft } from '../../../src/shared/domain/drafts/template';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const ID = draftId(9);
const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };
const who = { mine: LADEN, theirs: LAGER };
const back = { mine: LAGER, theirs: LADEN };

describe('mergeShopRecord', () => {
  const template = templateFromDraft(sampleDraft(ID), {
    id: draftId(10),
    name: 'Kühlschränke',
    accountId: 'sandbox',
    now: new Date('2026-11-27T08:00:00.000Z'),
  });

  it('merges keys and nested keys changed apart; a key changed on both keeps the later desk’s value', () => {
    const laden = { ...template, name: 'Laden', publication: { ...template.publication, city: 'Potsdam' } };
    const lager = {
      ...template,
      name: 'Lager',
      description: 'Neu',
      attributes: { condition: 'used' },
      publication: { ...template.publication, postalCode: '14482' },
    };
    const one = mergeShopRecord(template, laden, lager, who);
    const other = mergeShopRecord(template, lager, laden, back);
    expect(one).toEqual({
      ...template,
      name: 'Lager',
      description: 'Neu',
      attributes: { condition: 'used' },
      publication: { ...template.publication, city: 'Potsdam', postalCode: '14482' },
    });
    expect(other).toEqual(one);
  });

  it('without a base the later desk’s value of every differing key', () => {
    const one = mergeShopRecord(undefined, { a: 1, b: 'x' }, { a: 2, c: true }, who);
    expect(one).toEqual({ a: 2, b: 'x', c: true });
    expect(mergeShopRecord(undefined, { a: 2, c: true }, { a: 1, b: 'x' }, back)).toEqual(one);
  });
});

describe('mergeShopRecord: an account', () => {
  const imprint = (uuid: string, content: string) => ({
    uuid,
    content,
    createdAt: '2026-11-01T08:00:00.000Z',
  });
  const account = {
    id: 'laden-1',
    name: 'Laden Mitte',
    clientId: 'client-1',
    imprints: [imprint('i-1', 'Laden GmbH')],
    defaultImprintUuid: 'i-1' as string | null,
    defaults: { city: 'Berlin', descriptionFooter: '' },
  };

  it('keeps imprints added on both desks, drops one removed on either, merges one edited (the later desk’s order first)', () => {
    const laden = {
      ...account,
      imprints: [imprint('i-1', 'Laden GmbH, Berlin'), imprint('i-2', 'Filiale Potsdam')],
      defaults: { ...account.defaults, city: 'Potsdam' },
    };
    const lager = {
      ...account,
      imprints: [...account.imprints, imprint('i-3', 'Lager Spandau')],
      name: 'Laden',
    };
    const one = mergeShopRecord(account, laden, lager, who);
    expect(one).toEqual({
      ...account,
      name: 'Laden',
      imprints: [
        imprint('i-1', 'Laden GmbH, Berlin'),
        imprint('i-3', 'Lager Spandau'),
        imprint('i-2', 'Filiale Potsdam'),
      ],
      defaults: { city: 'Potsdam', descriptionFooter: '' },
    });
    expect(mergeShopRecord(account, lager, laden, back)).toEqual(one);

    const removed = { ...account, imprints: [], defaultImprintUuid: null };
    const both = mergeShopRecord(account, removed, lager, who);
    expect(both.imprints).toEqual([imprint('i-3', 'Lager Spandau')]);
    expect(both.defaultImprintUuid).toBeNull();
    expect(mergeShopRecord(account, lager, removed, back)).toEqual(both);
  });
});
