// Who made the value a draft's field holds on this desk now, as far as this run has seen (issue
// 32.1): a save merged three ways names the other side of a conflict by it. The shop's sync notes
// another desk's change, the live ad's merge a live change, a feed run its feed; the drafts service
// reads it (drafts/change-authors.ts holds it). The port lives below those rooms so that the shop's
// sync need not import the drafts room for it.
import type { Draft } from '../../shared/domain/drafts';
import type { ShopAuthor } from '../../shared/domain/shop';

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
