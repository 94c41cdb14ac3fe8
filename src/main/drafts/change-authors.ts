// Who made each field's value, held in memory for this run (issue 32.1; ports/change-authors.ts says
// who tells it), and the sides of a save's conflict drawn from it.
import type { Draft } from '../../shared/domain/drafts';
import {
  sameShopValue,
  shopFieldsOf,
  shopValueOf,
  type SaveSides,
  type ShopAuthor,
} from '../../shared/domain/shop';
import type { ChangeAuthors, DeskIdentity } from '../ports/change-authors';

/** Desk ids of what changes a draft on a desk that is not another desk (the window words them). */
export const SOURCE_DESK = {
  editor: 'app:editor',
  bulk: 'app:bulk',
  live: 'app:live',
  feed: 'app:feed',
  priceStep: 'app:priceStep',
  elsewhere: 'app:elsewhere',
} as const;

// A run sees few crossings; the oldest drafts' notes go first past this many.
const MAX_DRAFTS = 2000;

/** Notes held in memory; `desk` says which desk of a shop this is (undefined: a lone desk). */
export function changeAuthors(desk: () => DeskIdentity | undefined): ChangeAuthors {
  const notes = new Map<string, Map<string, ShopAuthor>>();
  return {
    note(before, after, by) {
      const fields = shopFieldsOf(...[before, after].filter((d): d is Draft => d !== undefined));
      const changed = fields.filter(
        (field) => !before || !sameShopValue(shopValueOf(before, field), shopValueOf(after, field)),
      );
      if (changed.length === 0) return;
      const held = notes.get(after.id) ?? new Map<string, ShopAuthor>();
      notes.delete(after.id);
      for (const field of changed) held.set(field, by);
      notes.set(after.id, held);
      if (notes.size > MAX_DRAFTS) notes.delete(notes.keys().next().value!);
    },
    of: (id, field) => notes.get(id)?.get(field),
    saver(at, source, name) {
      const here = desk();
      return here
        ? { desk: here.deskId, deskName: here.deskName, at }
        : { desk: SOURCE_DESK[source], deskName: name, at };
    },
  };
}

/**
 * The sides of a save by `mine` over `stored`: the other side of a field is whoever `authors` saw
 * make it, else "a change made meanwhile" (`elsewhereName`) at the draft's last change.
 */
export function saveSides(
  authors: Pick<ChangeAuthors, 'of'> | undefined,
  stored: Draft,
  mine: ShopAuthor,
  elsewhereName: string,
): SaveSides {
  return {
    mine,
    theirs: (field) =>
      authors?.of(stored.id, field) ?? {
        desk: SOURCE_DESK.elsewhere,
        deskName: elsewhereName,
        at: stored.updatedAt,
      },
  };
}
