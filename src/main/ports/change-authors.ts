// Who made the value a draft's field holds on this desk now, as far as this run has seen (issue
// 32.1): a save merged three ways names the other side of a conflict by it. The shop's sync notes
// another desk's change, the live ad's merge a live change, a feed run its feed; the drafts service
// reads it. The port lives below those rooms so that none imports another for it.
import type { Draft } from '../../shared/domain/drafts';
import {
  sameShopValue,
  shopFieldsOf,
  shopValueOf,
  type SaveSides,
  type ShopAuthor,
} from '../../shared/domain/shop';

/** Desk ids of what changes a draft on a desk that is not another desk (the window words them). */
export const SOURCE_DESK = {
  editor: 'app:editor',
  bulk: 'app:bulk',
  live: 'app:live',
  feed: 'app:feed',
  elsewhere: 'app:elsewhere',
} as const;

/** What saves fields on this desk with the fields it started from. */
export type LocalSaver = 'editor' | 'bulk';

/** This desk in a shop: its id and name. */
export interface DeskIdentity {
  deskId: string;
  deskName: string;
}

export interface ChangeAuthors {
  /** Notes `by` as the author of every field `after` holds differently from `before`. */
  note(before: Draft | undefined, after: Draft, by: ShopAuthor): void;
  /** Who made field `field` of draft `id` what it is, when this run saw it happen. */
  of(id: string, field: string): ShopAuthor | undefined;
  /** Who saves on this desk now: the desk of its shop, else what saves (`source`, named `name`). */
  saver(at: string, source: LocalSaver, name: string): ShopAuthor;
}

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
