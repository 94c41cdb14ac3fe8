// Feeds in a team (issue 37.3): what the feeds room asks of the team's database and what the shop's
// sync reads and writes of the feeds. The port lives below both rooms so that neither imports the
// other; the composition root wires them. A lone desk has no FeedTeam and its feeds stay its own.

/** The three kinds of a feed the team shares: its settings, its record of ads, its run reports. */
export type FeedShareKind = 'feed' | 'feed-items' | 'feed-run';
export const FEED_SHARE_KINDS: readonly FeedShareKind[] = ['feed', 'feed-items', 'feed-run'];

/** What a desk's role may be asked to do with feeds (named as the database's triggers name it). */
export type FeedAction = 'write-feeds' | 'run-feeds' | 'approve-held';

/** The right to run one feed now, held by this desk. */
export interface FeedRunLease {
  /** Aborts when the lease is lost (its renewal found another desk's fence, or it ran out). */
  readonly signal: AbortSignal;
  /** Gives the feed back once its reports (these runs') reached the team (else the lease runs out). */
  release(runIds: readonly string[]): Promise<void>;
}

/** The team as the feeds service sees it. */
export interface FeedTeam {
  /** This desk's role in its team (undefined while it is not known: the database unreachable). */
  role(): Promise<'prepare' | 'publish' | 'owner' | undefined>;
  /** Refuses (an AppError in the seller's words) unless the database lets this desk's role `action`. */
  assert(action: FeedAction): Promise<void>;
  /** The right to run the feed now, or the name of the desk that runs it. */
  claim(feedId: string): Promise<FeedRunLease | { heldBy: string }>;
}

/** What the shop's sync reads and writes of the feeds on this desk. */
export interface FeedsShared {
  /** The item as it is on this desk (undefined: there is none). */
  read(kind: FeedShareKind, id: string): Promise<unknown>;
  /** Puts another desk's version in (undefined: deleted), without marking the outbox. */
  receive(kind: FeedShareKind, id: string, make: (current: unknown) => unknown): Promise<void>;
  /** Every item of the kind on this desk. */
  ids(kind: FeedShareKind): Promise<string[]>;
}

/** Marks a shared item of a feed as changed before it is written; answers "landed". */
export type FeedWillWrite = (kind: FeedShareKind, id: string) => () => void;
