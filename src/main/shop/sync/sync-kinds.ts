// What the sync engine knows of a shared thing (a draft, a template, an account): how to read it
// on this desk, how to put another desk's version through the app's own store (raising the same
// events, and never marking the outbox), and how to merge three ways. The engine (push.ts,
// pull.ts) knows nothing else of them.
import type { Draft } from '../../../shared/domain/drafts';
import type { ShopAuthor, ShopSides } from '../../../shared/domain/shop';

export type { ShopAuthor };
export type MergeSides = ShopSides;

/** The pure three-way merge (src/shared/domain/shop/shop-merge.ts), handed in by the composition root. */
export interface ShopMergePort {
  /** `contentOf`: the sha-256 of a photo's file, to keep the same file added on both sides once. */
  draft(
    base: Draft | undefined,
    mine: Draft,
    theirs: Draft,
    who: MergeSides,
    contentOf?: (photo: Draft['photos'][number]) => string | undefined,
  ): Draft;
  record<T>(base: T | undefined, mine: T, theirs: T, who: MergeSides): T;
  restoreAfterDelete(mine: Draft, deletedBy: ShopAuthor): Draft;
}

/** One kind of shared item; a body of `undefined` means the item does not exist (deleted). */
export interface ItemKind {
  readonly kind: string;
  /** The item as it is on this desk now. */
  read(id: string): Promise<unknown>;
  /**
   * Changes the item on this desk to what `make` returns from its state here, in one step of its
   * store (no change of the seller's between the two), through the store functions the app uses;
   * `by`: the other desk whose change it takes in.
   */
  apply(id: string, make: (current: unknown) => unknown, by?: ShopAuthor): Promise<void>;
  /** The three-way merge; an edit against a deletion keeps the edit. */
  merge(base: unknown, mine: unknown, theirs: unknown, who: MergeSides): unknown;
  /** Every item of this kind on this desk (what `join` sends). */
  ids(): Promise<string[]>;
  /** Before a body goes up (drafts: their photos, each once by hash). */
  beforeSend?(body: unknown): Promise<void>;
  /** Before many items go up at once (join): drafts send all their photos in bulk first. */
  sendAhead?(ids: string[]): Promise<void>;
  /** After a body was applied (drafts: fetch the photos this desk lacks, after the fields). */
  afterApply?(id: string, body: unknown): void;
}
