// Who made each field's value (issue 32.1): noted per field that changed, read back by a save's
// conflict; the saver is this desk in a shop, else what saves; a field nobody noted is "a change
// made meanwhile" at the draft's last change.
import { expect, it } from 'vitest';
import { changeAuthors, saveSides } from '../../../src/main/drafts/change-authors';
import { withShopValue } from '../../../src/shared/domain/shop/shop-fields';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const LAGER = { desk: 'desk-lager', deskName: 'Lager', at: '2026-12-06T10:00:01.000Z' };
const AT = '2026-12-06T10:00:05.000Z';

it('notes the fields that changed, and names the saver by the desk or by what saves', () => {
  const shop: { desk?: { deskId: string; deskName: string } } = {};
  const authors = changeAuthors(() => shop.desk);
  const before = sampleDraft(draftId(1));
  const after = withShopValue(withShopValue(before, 'title', 'Neu'), 'attributes.farbe', 'grau');
  authors.note(before, after, LAGER);
  expect(authors.of(after.id, 'title')).toEqual(LAGER);
  expect(authors.of(after.id, 'attributes.farbe')).toEqual(LAGER);
  expect(authors.of(after.id, 'description')).toBeUndefined();

  expect(authors.saver(AT, 'bulk', 'a change of several drafts together')).toEqual({
    desk: 'app:bulk',
    deskName: 'a change of several drafts together',
    at: AT,
  });
  shop.desk = { deskId: 'desk-laden', deskName: 'Laden' };
  expect(authors.saver(AT, 'editor', 'this desk’s editor')).toEqual({
    desk: 'desk-laden',
    deskName: 'Laden',
    at: AT,
  });

  const sides = saveSides(authors, after, LAGER, 'a change made meanwhile');
  expect(sides.theirs('title')).toEqual(LAGER);
  expect(sides.theirs('description')).toEqual({
    desk: 'app:elsewhere',
    deskName: 'a change made meanwhile',
    at: after.updatedAt,
  });
});
