// What a feed's run would do (issue 25.1/25.2), decided without touching anything: each row is
// matched to its ad by reference (the feed's own record, the account's drafts, and the listings on
// the service, so a lost local record never makes a second ad), then compared with it.
import type { Draft, DraftInit } from '../drafts';
import type { Feed, FeedItem } from './feed';
import type { FeedPlanEntry, FeedReason } from './feed-run';
import type { FeedRow } from './feed-rows';
import type { FeedRowReading, MatchedAd } from './feed-categories';
import { newDraftIssues, parsePriceAmount } from '../drafts';
import { livePatchOf } from './feed-patch';
import type { ImportFieldChange } from '../tables';
import { draftChanges, listingChanges, photoChange } from '../tables';
import type { ListingView } from '../../service/listing';

/** What exists for a feed, as main read it just now. */
export interface FeedWorld {
  feed: Pick<Feed, 'gone'>;
  /** The feed's own record of its ads, by reference. */
  items: readonly FeedItem[];
  /** The account's drafts that matter (the feed's, and those carrying a row's reference). */
  drafts: readonly Draft[];
  /** The account's listings on the service. */
  listings: readonly ListingView[];
  /** The draft a row starts from (the account's defaults and the feed's template under the row). */
  initOf(row: FeedRow): DraftInit;
  /** A photo's name as rows give it (a path or URL to its last part). */
  photoName(name: string): string;
  /**
   * The row as its ad (null: none yet) takes it, through the shop's category mappings (issue 34.3);
   * absent: each row as read. The planner keeps what it answers: the run sends those fields.
   */
  readRow?(row: FeedRow, ad: MatchedAd | null): FeedRowReading;
}

interface Match {
  item?: FeedItem;
  draft?: Draft;
  listing?: ListingView;
}

const byKey = <T>(items: readonly T[], key: (item: T) => string | null | undefined) => {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item)?.trim();
    if (!k) continue;
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
};

/** One entry per ad: create, update, pause, resume, end, unchanged or refused, each with why. */
export function planFeedRun(rows: readonly FeedRow[], world: FeedWorld): FeedPlanEntry[] {
  const planner = createFeedPlanner(world, referenceCounts(rows.map((r) => r.reference)));
  return [...rows.map((row) => planner.plan(row)), ...planner.gone()];
}

/** How many rows carry each reference (trimmed; rows without one not counted). */
export function referenceCounts(references: Iterable<string | null | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const reference of references) {
    const key = reference?.trim();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The plan made one row at a time (a feed of thousands never holds all its rows at once). */
export interface FeedPlanner {
  /** The entry of one row (the rows' references counted beforehand). */
  plan(read: FeedRow): FeedPlanEntry;
  /** After the last row: the entries of the feed's ads whose rows are gone. */
  gone(): FeedPlanEntry[];
}

/** A planner over what exists, given how many rows carry each reference (`referenceCounts`). */
export function createFeedPlanner(
  world: FeedWorld,
  rowsByReference: ReadonlyMap<string, number>,
): FeedPlanner {
  const items = new Map(world.items.map((item) => [item.reference, item]));
  const drafts = new Map(world.drafts.map((draft) => [draft.id, draft]));
  const draftsByReference = byKey(world.drafts, (d) => d.customReference);
  const listings = new Map(world.listings.map((listing) => [listing.uuid, listing]));
  const listingsByReference = byKey(world.listings, (l) => l.customReference);

  const matchOf = (reference: string): Match => {
    const item = items.get(reference);
    // An ad the feed ended is gone: its row coming back makes a new one.
    if (item?.state === 'ended') return { item };
    const draft =
      (item?.draftId !== undefined ? drafts.get(item.draftId) : undefined) ??
      draftsByReference.get(reference)?.find((d) => d.status !== 'ended');
    const uuid = item?.listingUuid ?? draft?.remote?.listingUuid;
    const listing =
      (uuid !== undefined ? listings.get(uuid) : undefined) ?? listingsByReference.get(reference)?.[0];
    return { ...(item && { item }), ...(draft && { draft }), ...(listing && { listing }) };
  };

  const where = (m: Match) => ({
    ...(m.draft && { draftId: m.draft.id }),
    ...(m.listing && { listingUuid: m.listing.uuid }),
  });

  /** The entry of an ad whose row is gone or sold out. */
  const takeDown = (reference: string, m: Match, reason: FeedReason, extra: Partial<FeedPlanEntry>) => {
    const title = m.listing?.title ?? m.draft?.title ?? m.item?.reference ?? reference;
    const base = { reference, title, ...where(m), ...extra };
    if (!m.listing) return { ...base, action: 'unchanged' as const, reason: 'not-online' as const };
    const down = m.item?.state === 'paused' && world.feed.gone === 'pause';
    if (down) return { ...base, action: 'unchanged' as const, reason: 'still-gone' as const };
    return { ...base, action: world.feed.gone, reason };
  };

  const plan = (read: FeedRow): FeedPlanEntry => {
    const title = read.fields.title ?? '';
    const at = { row: read.index, ...(read.stockText !== undefined && { stock: read.stockText }) };
    const problems = read.problems.length > 0 ? { problems: read.problems } : {};
    if (read.reference === null) {
      return { reference: null, action: 'refused', reason: 'no-reference', title, ...at, ...problems };
    }
    const reference = read.reference;
    if ((rowsByReference.get(reference) ?? 0) > 1) {
      return { reference, action: 'refused', reason: 'reference-twice', title, ...at, ...problems };
    }
    if (read.problems.some((p) => p.severity === 'error')) {
      return { reference, action: 'refused', reason: 'bad-row', title, ...at, ...problems };
    }
    const m = matchOf(reference);
    // A new row out of stock still becomes a draft (issue 35.5); it is published once back in stock.
    if (read.stock === 'out' && (m.draft || m.listing)) {
      return takeDown(reference, m, 'sold-out', { ...at, title, ...problems });
    }
    const ad: MatchedAd | null =
      m.draft || m.listing
        ? { category: m.draft?.category ?? m.listing?.category ?? null, live: m.listing !== undefined }
        : null;
    const reading = world.readRow?.(read, ad) ?? { row: read };
    const row = reading.row;
    const unknown = reading.unknownValues ? { unknownValues: reading.unknownValues } : {};
    if (reading.waits !== undefined) {
      // Never a draft or an ad with a path the service does not know: once mapped, the next run makes it.
      const shopCategory = reading.waits;
      return {
        reference,
        action: 'wait',
        reason: 'needs-category',
        title,
        ...at,
        shopCategory,
        ...problems,
      };
    }
    const init = world.initOf(row);
    if (!m.draft && !m.listing) {
      // Checked before the seller says yes: a run that publishes would fail on such a row.
      const issues = newDraftIssues(init, row.photoNames.length);
      const notReady = issues.length > 0 ? { notReady: issues } : {};
      return {
        reference,
        action: 'create',
        reason: read.stock === 'out' ? 'new-sold-out' : 'new-row',
        title,
        ...at,
        ...problems,
        ...notReady,
        ...unknown,
      };
    }
    const names = row.photoNames.map(world.photoName);
    // A photo that could not be fetched last time is no change while the row still names it.
    const missed = new Set(m.item?.missedPhotos ?? []);
    const wanted = names.filter((name) => !missed.has(name));
    const changes: ImportFieldChange[] = m.draft ? draftChanges(m.draft, init, row.fields) : [];
    // A live ad's draft follows the ad's photos by itself (under the names the app gives them), so
    // its photos are compared as the ad's are: with what the feed sent last.
    const draftPhotos =
      m.draft && !m.listing
        ? photoChange(feedPhotosOf(m.draft, m.item, names), onDraft(m.draft, m.item, wanted))
        : null;
    if (draftPhotos) changes.push(draftPhotos);
    const liveChanges: ImportFieldChange[] = m.listing ? listingChanges(m.listing, init, row.fields) : [];
    // A live ad's photos carry no names: compared with what the feed sent last (or its draft's).
    const sent = (m.item?.photos ?? m.draft?.photos.map((p) => p.originalName))?.filter(
      (name) => !missed.has(name),
    );
    const livePhotos = m.listing && sent ? photoChange(sent, wanted) : null;
    if (livePhotos) liveChanges.push(livePhotos);
    // A running price rule lowered the ad from the price the file still names: that is the rule's
    // doing, not a change of the row (a new price in the file is one, and the rule starts again
    // from it when the run applies it).
    if (m.draft && ruleKeepsPrice(m.draft, init)) {
      for (const list of [changes, liveChanges])
        list.splice(0, list.length, ...list.filter((c) => c.field !== 'price.amount'));
    }
    // Paused by the feed, or made a draft while sold out: back once the row is in stock.
    const back = m.item?.state === 'paused' && row.stock === 'in';
    const changed = changes.length > 0 || liveChanges.length > 0;
    return {
      reference,
      action: back ? 'resume' : changed ? 'update' : 'unchanged',
      reason: back ? 'back-in-stock' : changed ? 'row-changed' : 'same',
      title,
      ...at,
      ...where(m),
      ...(changes.length > 0 && { changes }),
      ...(liveChanges.length > 0 && { liveChanges }),
      ...(m.listing &&
        liveChanges.some((c) => c.field !== 'photos') && {
          livePatch: livePatchOf(m.listing, init, liveChanges),
        }),
      ...problems,
      ...unknown,
    };
  };

  // The feed's ads whose rows are gone (a row refused for its reference still holds it).
  const gone = () =>
    world.items
      .filter((item) => item.state !== 'ended' && !rowsByReference.has(item.reference))
      .map((item) => takeDown(item.reference, matchOf(item.reference), 'row-gone', {}));
  return { plan, gone };
}

/**
 * The draft's photos that are the feed's, in the draft's order: those the row names now or named
 * when last applied. The others the seller added by hand: they stay, after the feed's (issue 35.5).
 */
export function feedPhotosOf(
  draft: Pick<Draft, 'photos'>,
  item: Pick<FeedItem, 'photos'> | undefined,
  names: readonly string[],
): string[] {
  const feeds = new Set([...(item?.photos ?? []), ...names]);
  return draft.photos.map((p) => p.originalName).filter((name) => feeds.has(name));
}

/**
 * The row's photos the draft should show: a photo the feed sent before that the draft lacks (it
 * could not be fetched, or the seller removed it) is not asked for again while the row names it.
 */
function onDraft(draft: Pick<Draft, 'photos'>, item: Pick<FeedItem, 'photos'> | undefined, names: string[]) {
  const sent = new Set(item?.photos ?? []);
  const has = new Set(draft.photos.map((p) => p.originalName));
  return names.filter((name) => has.has(name) || !sent.has(name));
}

/** Whether the draft's running price rule started from the price the row names (so it is the rule's). */
function ruleKeepsPrice(draft: Draft, init: DraftInit): boolean {
  const record = draft.priceRule;
  if (!record?.start || record.stopped) return false;
  const amount = parsePriceAmount(init.price?.amount ?? null);
  return amount.ok && Math.round(amount.value * 100) === record.start.cents;
}
