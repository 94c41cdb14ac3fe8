// The photo order as the panel changes it: moves, the cover, photos of one drop put back in the
// order dropped, and the ids a set-photos sends (which must never drop a photo added meanwhile).
import { describe, expect, it } from 'vitest';
import {
  arrangeBatches,
  idsToSend,
  inOrder,
  makeCover,
  moveBy,
  moveIndex,
  restoreBatchOrder,
} from '../../../../src/renderer/views/drafts/photos/photo-order';
import {
  naturalCompare,
  naturalPathCompare,
} from '../../../../src/renderer/views/drafts/photos/natural-order';
import { fakePhoto, sampleDraft, draftId } from '../../../fixtures/drafts';

const id = draftId(1);
const photos = (...names: number[]) => names.map((n) => fakePhoto(id, n));
const idOf = (n: number) => fakePhoto(id, n).id;
const ids = (...names: number[]) => names.map(idOf);

describe('photo order', () => {
  it('moves a photo to another place, clamped to the list', () => {
    expect(moveIndex(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveIndex(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveIndex(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b']);
    expect(moveIndex(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('moves by steps and makes a photo the cover', () => {
    expect(moveBy(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(makeCover(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(makeCover(['a', 'b', 'c'], 'x')).toEqual(['a', 'b', 'c']);
  });

  it('shows photos in a chosen order, photos it does not name after them', () => {
    const shown = inOrder(photos(1, 2, 3, 4), ids(3, 1));
    expect(shown.map((p) => p.id)).toEqual(ids(3, 1, 2, 4));
  });

  it('puts the photos of one drop back in the order dropped, in the places they hold', () => {
    // Stored as they finished: 7 before 5; photo 1 was there before and 9 came from another drop.
    expect(restoreBatchOrder(['p1', 'p7', 'p9', 'p5', 'p6'], ['p5', 'p6', 'p7'])).toEqual([
      'p1',
      'p5',
      'p9',
      'p6',
      'p7',
    ]);
    const shown = arrangeBatches(photos(1, 7, 5, 6), [ids(5, 6, 7)]);
    expect(shown.map((p) => p.id)).toEqual(ids(1, 5, 6, 7));
  });

  it('sends the chosen order with photos added since at the end, without those being deleted', () => {
    const latest = sampleDraft(id, {}, 0);
    latest.photos = photos(1, 2, 3, 4, 5);
    // Chosen when 1, 2, 3 were shown; 4 and 5 arrived since; 2 is being deleted; 9 is gone already.
    expect(idsToSend(ids(3, 1, 2, 9), latest, new Set(ids(2)))).toEqual(ids(3, 1, 4, 5));
  });
});

describe('natural order of names', () => {
  it('orders numbers by value, as a file manager does', () => {
    const names = ['IMG 10.jpg', 'img 2.jpg', 'IMG 1.jpg', 'Foto.jpg'];
    expect([...names].sort(naturalCompare)).toEqual(['Foto.jpg', 'IMG 1.jpg', 'img 2.jpg', 'IMG 10.jpg']);
  });

  it('walks a folder depth first: a subfolder sorts by its own name among its siblings', () => {
    const paths = ['Roll/more/IMG 1.png', 'Roll/IMG 10.png', 'Roll/z.png', 'Roll/IMG 2.png'];
    expect([...paths].sort(naturalPathCompare)).toEqual([
      'Roll/IMG 2.png',
      'Roll/IMG 10.png',
      'Roll/more/IMG 1.png',
      'Roll/z.png',
    ]);
  });
});
