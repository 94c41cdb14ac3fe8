// One ad of a feed's run, applied: a new row becomes a draft (published through the publish engine,
// exactly once, where the feed says so); a changed row updates its draft and sends the change to its
// live ad; a gone or sold-out row pauses or ends the ad, and one back in stock resumes it (the ad's
// lifecycle path). Each step can run again after a crash without doing anything twice: a draft is
// found by its reference before one is made, an update and a pause set what they set.
import path from 'node:path';
import type { Draft, DraftInit, DraftTemplate } from '../../shared/domain/drafts';
import { draftIssuesSummary, parsePriceAmount, validateDraft } from '../../shared/domain/drafts';
import { followPrice } from '../../shared/domain/price-rules';
import {
  mergeFeedChanges,
  type Feed,
  type FeedItem,
  type FeedMissedPhoto,
  type FeedRunEntry,
} from '../../shared/domain/feeds';
import type { AccountView, ListingView } from '../../shared/ipc/types';
import type { DraftsService } from '../drafts/drafts-service';
import { draftInitOf } from '../import/draft-start';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { Lifecycle } from '../live/lifecycle';
import { liveError } from '../live/live-errors';
import type { PublishEngine } from '../publish/engine-api';
import type { ServiceClient } from '../service-client';
import type { DraftsStore } from '../storage/drafts-store';
import type { FeedStore } from './feed-store';
import { replaceLivePhotos } from './live-photos';
import { agreedWith, allEnded, draftBesideCall, sendLivePatch } from './feed-update';
import { photoNameOf, type PhotoDownloads } from './photo-downloads';
import { resolveFeedPhotos } from './photo-fetch';
import type { ChangeAuthors } from '../ports/change-authors';
import { SOURCE_DESK, saveSides } from '../drafts/change-authors';

export interface ApplyDeps {
  store: Pick<DraftsStore, 'list' | 'get' | 'create' | 'update'>;
  drafts: Pick<DraftsService, 'addPhotos' | 'setPhotos'>;
  publish: Pick<PublishEngine, 'start' | 'retry' | 'publicationsOf' | 'retrack' | 'list' | 'onChange'>;
  lifecycle: Pick<Lifecycle, 'setPublicationState' | 'deleteListing'>;
  client(accountId: string): ServiceClient;
  /** Puts a listing as the service answered it into the Listings view (see LiveUpdateDeps). */
  remember?(accountId: string, listing: ListingView, linked?: Draft): Promise<void>;
  /** The live paths' shared parts: a live ad's photos go through them. */
  live: Parameters<typeof replaceLivePhotos>[0];
  feeds: FeedStore;
  onDraftsChanged(ids: string[]): void;
  /** The price rules' clock: when a rule starts again from the feed's price (default: the machine's). */
  rulesNow?(): Date;
  /** Who made each field's value: a field the seller changed since the plan is kept (issue 32.1). */
  authors?: ChangeAuthors;
}

/** What every ad of one run shares. */
export interface ApplyContext {
  feed: Feed;
  account: AccountView;
  template: DraftTemplate | undefined;
  runId: string;
  /** The run's photo downloads (a URL named by several rows is fetched once). */
  downloads: PhotoDownloads;
  /** Writes what the entry learnt so far (a new draft's id) before the next step. */
  note(change: Partial<FeedRunEntry>): Promise<void>;
  /** The feed's record of its ads before the run, by reference (which photos were the feed's). */
  items?: ReadonlyMap<string, FeedItem>;
  /**
   * Takes the ad's local work after its last call (the Listings view's copy, the publish engine
   * tracking the ad again): the ad is done once it ends, but the next ad's calls need not wait for
   * it (absent: the work is awaited in place).
   */
  after?(work: Promise<void>): void;
  /**
   * Takes reads that follow an ad's change for the Listings view (a paused ad's state until it has
   * followed), which neither the ad nor the run waits for (absent: awaited in place).
   */
  followUp?(work: Promise<void>): void;
}

/** An entry's row as the run keeps it: the row's fields and its photo files. */
export type EntrySource = NonNullable<FeedRunEntry['source']>;

/** A photo's name as the draft keeps it: a file's own name, or a URL's last part as downloaded. */
export const photoName = (ref: string) => (isUrl(ref) ? photoNameOf(new URL(ref)) : path.basename(ref));
const isUrl = (ref: string) => /^https?:\/\//i.test(ref);
const names = (photos: readonly string[]) => photos.map(photoName);

/** Applies one entry; throws an AppError in the seller's words when it fails. */
export async function applyEntry(deps: ApplyDeps, ctx: ApplyContext, entry: FeedRunEntry): Promise<void> {
  switch (entry.action) {
    case 'create':
      return create(deps, ctx, entry);
    case 'update':
    case 'resume':
      await update(deps, ctx, entry);
      if (entry.action !== 'resume') return;
      // A draft made while its row was sold out has no ad yet: published now, where the feed publishes.
      if (entry.listingUuid === undefined) {
        if (publishesDraft(entry, ctx.feed)) await publishDraft(deps, entry.draftId!);
        return;
      }
      await setStates(deps, ctx, entry.listingUuid, 'RESUMED');
      return;
    case 'pause':
      return setStates(deps, ctx, entry.listingUuid!, 'PAUSED');
    case 'end':
      try {
        await deps.lifecycle.deleteListing(entry.listingUuid!, true, ctx.account.id);
      } catch (error) {
        throw liveError(error);
      }
      return;
    default:
      return;
  }
}

/**
 * The feed's record of an ad after its entry (undefined: unchanged). Written for the whole run at
 * its end, from the run's report, which is durable after each ad: a run resumed after a crash
 * writes the same.
 */
export function itemAfter(entry: FeedRunEntry, item: FeedItem | undefined): FeedItem | undefined {
  const reference = entry.reference;
  if (reference === null) return undefined;
  const photos = entry.source ? { photos: names(entry.source.photos) } : {};
  // Photos tried now (absent: not tried, the earlier note stands).
  const missed = entry.missedPhotos?.map((p) => p.name);
  const { missedPhotos: _earlier, ...kept } = item ?? ({} as Partial<FeedItem>);
  const base = {
    ...(missed === undefined ? item : kept),
    ...ids(entry),
    reference,
    ...(missed !== undefined && missed.length > 0 && { missedPhotos: missed }),
  };
  if (entry.outcome === 'failed')
    // A new row's draft, made before the failure, is the feed's all the same.
    return entry.action === 'create' && entry.draftId !== undefined
      ? { ...base, state: 'active' }
      : undefined;
  if (entry.outcome !== 'done') return undefined;
  switch (entry.action) {
    case 'create':
      // A draft made while sold out waits, like a paused ad, for its row to be in stock.
      return { ...base, state: entry.reason === 'new-sold-out' ? 'paused' : 'active', ...photos };
    case 'update':
      return { ...base, state: item?.state ?? 'active', ...photos };
    case 'resume':
      return { ...base, state: 'active', ...photos };
    case 'pause':
      return { ...base, state: 'paused' };
    case 'end':
      return { ...base, state: 'ended' };
    default:
      return undefined;
  }
}

const ids = (entry: FeedRunEntry) => ({
  ...(entry.draftId !== undefined && { draftId: entry.draftId }),
  ...(entry.listingUuid !== undefined && { listingUuid: entry.listingUuid }),
});

/**
 * A new draft's start with the feed's price rule (issue 25.5), which wins over its template's. Only
 * drafts a run makes get it: drafts the feed made earlier are left as they are (a rule set or
 * changed on the feed later does not reach them; the seller sets it on those ads).
 */
export function withFeedRule(init: DraftInit, feed: Pick<Feed, 'priceRule'>): DraftInit {
  return feed.priceRule ? { ...init, priceRule: { rule: feed.priceRule, origin: 'feed' } } : init;
}

async function create(deps: ApplyDeps, ctx: ApplyContext, entry: FeedRunEntry) {
  const source = entry.source!;
  const reference = entry.reference!;
  const init = withFeedRule(
    draftInitOf(ctx.account, { ...source.fields, photos: [] }, ctx.template),
    ctx.feed,
  );
  // Made before a crash (its id not yet written): found again by its reference.
  let draftId =
    entry.draftId ??
    deps.store
      .list()
      .find((s) => s.accountId === ctx.account.id && s.customReference === reference && s.status !== 'ended')
      ?.id;
  if (draftId === undefined) {
    const draft = await deps.store.create(init);
    draftId = draft.id;
    deps.onDraftsChanged([draftId]);
  }
  await ctx.note({ draftId });
  const { missed } = await addMissingPhotos(deps, ctx, draftId, source.photos);
  await ctx.note({ missedPhotos: missed });
  if (publishesDraft(entry, ctx.feed)) await publishDraft(deps, draftId);
}

/**
 * Whether the entry's draft is published by the run: a new row's (not one sold out), or one made
 * while sold out that is back in stock, where the feed publishes. The run waits for its job.
 */
export function publishesDraft(
  entry: Pick<FeedRunEntry, 'action' | 'reason' | 'listingUuid'>,
  feed: Pick<Feed, 'publish'>,
) {
  if (!feed.publish) return false;
  if (entry.action === 'create') return entry.reason !== 'new-sold-out';
  return entry.action === 'resume' && entry.listingUuid === undefined;
}

/** Publishes the draft through the publish engine, exactly once (a failed job of it goes on). */
async function publishDraft(deps: ApplyDeps, draftId: string) {
  const draft = await deps.store.get(draftId);
  if (draft.status === 'publishing' || draft.status === 'published') return;
  // A job of this draft that failed (a run cut short, the service away) goes on from where it stopped.
  const failed = deps.publish
    .list()
    .filter((job) => job.draftId === draftId)
    .at(-1);
  if (draft.status === 'failed' && failed?.state === 'failed') {
    const retried = await deps.publish.retry(failed.id);
    if (retried === true) return;
    throw new AppError(
      'conflict',
      mainI18n.t('errors:feedPublishNotStarted', { title: draft.title, why: failed.error?.detail ?? '' }),
      { reason: retried === false ? 'not-retried' : 'needs-confirmation' },
    );
  }
  if (draft.status !== 'ready') {
    // Named here as the plan named them, so the seller knows what to fill in without opening it.
    const issues = validateDraft(draft);
    const missing = draftIssuesSummary(issues, mainI18n.language === 'de' ? 'de' : 'en');
    throw new AppError(
      'invalid-input',
      mainI18n.t('errors:feedDraftNotReady', { title: draft.title, missing }),
      { reason: 'not-ready', issues },
    );
  }
  const [started] = await deps.publish.start([draftId]);
  if (started?.error)
    throw new AppError(
      'conflict',
      mainI18n.t('errors:feedPublishNotStarted', { title: draft.title, why: started.error.detail }),
      { reason: started.error.problem },
    );
}

/**
 * Takes in the photos the draft does not have yet (by name): files as dropped ones, URLs downloaded.
 * A photo that cannot be fetched or taken in is left out and answered (issue 35.5): the row is
 * applied without it.
 */
async function addMissingPhotos(
  deps: ApplyDeps,
  ctx: ApplyContext,
  draftId: string,
  photos: string[],
): Promise<{ draft: Draft; missed: FeedMissedPhoto[] }> {
  let draft = await deps.store.get(draftId);
  const have = new Set(draft.photos.map((p) => p.originalName));
  const missing = photos.filter((ref) => !have.has(photoName(ref)));
  const intake = (paths: string[]) => deps.drafts.addPhotos(draftId, `feed-${ctx.runId}`, paths);
  const refused: { name: string; message: string }[] = [];
  const files = missing.filter((ref) => !isUrl(ref));
  if (files.length > 0) {
    const added = await intake(files);
    refused.push(...added.refused);
    draft = added.draft;
  }
  const urls = missing.filter(isUrl);
  if (urls.length > 0) {
    const got = await resolveFeedPhotos(urls, { downloads: ctx.downloads, intake });
    refused.push(...got.refused);
    draft = got.taken?.draft ?? draft;
  }
  // A URL's photo is named as the plan names it (the last part of its path), credentials never shown.
  const missed = refused.map((r) => ({
    ref: 'ref' in r && typeof r.ref === 'string' ? r.ref : r.name,
    name: r.name,
    message: r.message,
  }));
  return { draft, missed };
}

/** The price (cents) the entry sets on the draft or its live ad, if it sets one. */
function newPriceCents(entry: FeedRunEntry, init: DraftInit): number | undefined {
  const sets = [...(entry.changes ?? []), ...(entry.liveChanges ?? [])].some(
    (c) => c.field === 'price.amount',
  );
  const amount = parsePriceAmount(init.price?.amount ?? null);
  return sets && amount.ok ? Math.round(amount.value * 100) : undefined;
}

async function update(deps: ApplyDeps, ctx: ApplyContext, entry: FeedRunEntry) {
  const source = entry.source!;
  const init = draftInitOf(ctx.account, { ...source.fields, photos: [] }, ctx.template);
  const changes = entry.changes ?? [];
  const price = newPriceCents(entry, init);
  const photos = entry.liveChanges?.some((c) => c.field === 'photos') === true;
  // The feed's new price is the shop's: the ad's price rule starts again from it, written with the
  // draft's change and before the live ad's, so the rule's turn in between finds nothing due.
  const follow = (draft: Draft): Draft => {
    if (!draft.priceRule || price === undefined) return draft;
    const rule = followPrice(draft.priceRule, price, deps.rulesNow?.() ?? new Date(), 'feed');
    return rule === draft.priceRule ? draft : { ...draft, priceRule: rule };
  };
  const draftId = entry.draftId;
  // Answers the draft as written by the change (undefined: not written, or its photos changed after).
  const writeDraft = async (answer?: ListingView): Promise<Draft | undefined> => {
    let written: Draft | undefined;
    // Only the live ad's price changes: the draft is written only where its rule starts again.
    if (draftId !== undefined && changes.length === 0 && price !== undefined) {
      const draft = await deps.store.get(draftId);
      if (follow(draft) !== draft) {
        written = await deps.store.update(draftId, follow);
        deps.onDraftsChanged([draftId]);
      }
    }
    if (draftId !== undefined && changes.length > 0) {
      const by = { desk: SOURCE_DESK.feed, deskName: ctx.feed.name, at: new Date().toISOString() };
      let before: Draft | undefined;
      const saved = await deps.store.update(draftId, (current: Draft) => {
        // A publish that began since the plan would send the draft as it was.
        if (current.status === 'publishing')
          throw new AppError('conflict', mainI18n.t('errors:feedDraftBusy', { title: current.title }), {
            reason: 'draft-busy',
          });
        before = current;
        const sides = saveSides(deps.authors, current, by, mainI18n.t('shop:author.elsewhere'));
        return agreedWith(follow(mergeFeedChanges(current, init, changes, sides)), answer);
      });
      deps.authors?.note(before, saved, by);
      written = saved;
      if (changes.some((c) => c.field === 'photos')) {
        written = undefined;
        const { draft, missed } = await addMissingPhotos(deps, ctx, draftId, source.photos);
        await ctx.note({ missedPhotos: missed });
        const wanted = names(source.photos);
        const byName = new Map(draft.photos.map((p) => [p.originalName, p.id]));
        const order = wanted.flatMap((name) => byName.get(name) ?? []);
        // Photos the seller added by hand (never the feed's) stay, after the feed's.
        const feeds = new Set([...(ctx.items?.get(entry.reference!)?.photos ?? []), ...wanted]);
        const sellers = draft.photos.filter((p) => !feeds.has(p.originalName)).map((p) => p.id);
        if (order.length > 0) await deps.drafts.setPhotos(draftId, [...order, ...sellers]);
      }
      deps.onDraftsChanged([draftId]);
    }
    return written;
  };
  const sendLive = (first?: (answer: ListingView | undefined) => Promise<Draft | undefined>) =>
    sendLivePatch(deps, ctx.account.id, entry, photos ? undefined : ctx.after, first);
  // Where neither needs the other first, the draft is written after the ad's call, with the base
  // both now agree on, as local work after it (one write of the draft instead of two); without a
  // live change, side by side.
  const summary = draftId === undefined ? undefined : deps.store.list().find((d) => d.id === draftId);
  const live = entry.listingUuid !== undefined && Object.keys(entry.livePatch ?? {}).length > 0;
  if (draftBesideCall(summary, entry) && live && changes.length > 0) await sendLive(writeDraft);
  else if (draftBesideCall(summary, entry)) await allEnded([writeDraft(), sendLive()]);
  else {
    await writeDraft();
    await sendLive();
  }
  if (entry.listingUuid !== undefined && photos && source.photos.length > 0) {
    // The ad's first photos are the feed's as it sent them last (those it could fetch); any after
    // them the seller added by hand. Unknown (an ad the feed took on): all of them.
    const item = ctx.items?.get(entry.reference!);
    const missedBefore = new Set(item?.missedPhotos ?? []);
    const feedCount = item?.photos?.filter((name) => !missedBefore.has(name)).length;
    const missed = await replaceLivePhotos(
      deps.live,
      ctx.account,
      entry.listingUuid,
      source.photos,
      ctx.downloads,
      feedCount,
    );
    await ctx.note({ missedPhotos: [...(entry.missedPhotos ?? []), ...missed] });
  }
}

/** Pauses or resumes every publication of the listing (the app's own, else the service's list). */
async function setStates(
  deps: ApplyDeps,
  ctx: ApplyContext,
  listingUuid: string,
  state: 'PAUSED' | 'RESUMED',
) {
  let publications = deps.publish.publicationsOf(listingUuid).map((p) => p.publicationUuid);
  if (publications.length === 0) {
    try {
      publications = (await deps.client(ctx.account.id).listPublications(listingUuid)).map((p) => p.uuid);
    } catch (error) {
      throw liveError(error);
    }
  }
  for (const uuid of publications)
    await deps.lifecycle.setPublicationState(listingUuid, uuid, state, ctx.account.id, ctx.followUp);
}
