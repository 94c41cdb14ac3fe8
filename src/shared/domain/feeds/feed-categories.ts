// A feed's rows through the shop's category mappings (issue 34.3): a row's category cell read as a
// catalog path (or one the service took for the account) or as a shop category through its mapping,
// and its attribute columns (Zustand, Farbe …) read in the category its ad has. A new row whose shop
// category no mapping serves waits: a run never sends a path the service does not know. An ad that
// is live keeps its category (a mapping made or changed later moves no live ad); a draft not yet
// published takes the mapping like a new row. The types here; main reads the rows
// (src/main/feeds/feed-categories.ts), so that the window's code carries none of the catalog's.
import type { CatalogHit, CategoryContext, MappedAttributes } from '../catalog';
import type { FeedRow } from './feed-rows';

/** What a feed's rows are read against: the catalog, the mappings, the condition words, what the service took. */
export interface FeedCategoryContext extends CategoryContext {
  conditionWords: Readonly<Record<string, string>>;
  /** Every path `knownGood` says yes to: a plan made in a process of its own takes them along. */
  knownGoodPaths?: () => readonly string[];
}

/** The ad a row is matched to, as far as its category goes (null: none yet, a new row). */
export interface MatchedAd {
  /** The ad's category now (its draft's, else the live ad's). */
  category: string | null;
  /** The ad is on the service. */
  live: boolean;
}

/** A row as its ad takes it. */
export interface FeedRowReading {
  /** The row with its category and attributes as the run sends them. */
  row: FeedRow;
  /** A new row whose shop category no mapping serves: it waits for one (the category as named). */
  waits?: string;
  /** Values that match no option of their attribute: kept as typed, named in the plan. */
  unknownValues?: MappedAttributes['unknownValues'];
  /** Columns whose header names no attribute of the category: left out, named in the plan. */
  unknownColumns?: MappedAttributes['unknownColumns'];
}

/** An unmapped shop category of a feed's source: how many rows carry it, the catalog's guesses. */
export interface FeedUnmappedCategory {
  shopCategory: string;
  rows: number;
  guesses: CatalogHit[];
}
