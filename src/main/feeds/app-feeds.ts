// The feeds' place in the app (issue 25): built from the app's parts, so app.ts gives it one line.
// It spells out what it reads of the app's config and ports rather than take app-contract's types:
// the composition root calls this room, never the other way round.
import type { AccountsService } from '../accounts/accounts-service';
import type { DraftsService } from '../drafts/drafts-service';
import type { EventHub } from '../events/event-hub';
import type { Log } from '../log/log';
import type { Live } from '../live';
import type { PublishEngine } from '../publish/engine-api';
import type { SecretStore } from '../secrets/secret-store';
import type { DraftsStore } from '../storage/drafts-store';
import type { TemplatesService } from '../templates/templates-service';
import { openFeeds, type FeedsDeps, type FeedsService } from '.';
import type { ChangeAuthors } from '../ports/change-authors';
import type { CatalogHit } from '../../shared/domain/catalog';
import type { FeedCategoryContext } from '../../shared/domain/feeds';
import type { FeedTeam, FeedWillWrite } from '../ports/feed-team';
import type { PlanChild } from './plan-child';

export interface AppFeedsParts {
  /** The price rules' clock (a rule starts again from a feed's new price then). */
  rulesNow(): Date;
  draftsStore: DraftsStore;
  /** Who made each field's value (issue 32.1). */
  authors: ChangeAuthors;
  drafts: DraftsService;
  publish: PublishEngine;
  live: Live;
  accounts: AccountsService;
  templates: Pick<TemplatesService, 'get'>;
  events: EventHub;
  /** Shows a file moved aside (one that did not parse) to the seller. */
  reportProblem(movedAside: string): void;
  /** What an account's rows are read against: the catalog, the shop's mappings (issue 34.3). */
  categoryContexts(accountId: string): FeedCategoryContext;
  /** The catalog's best guesses for a shop category. */
  guessCategories(shopCategory: string): CatalogHit[];
  /** The desk's team now (issue 37.3); undefined on a lone desk. */
  team?: () => FeedTeam | undefined;
  /** Marks a feed's shared item in the team's outbox before it is written. */
  willWrite?: FeedWillWrite;
  /** This desk's name in its team. */
  deskName?: () => Promise<string | undefined>;
  /** This desk's id in its team. */
  deskId?: () => Promise<string | undefined>;
  /** The activity log in use (issue 37.5). */
  activity?: FeedsDeps['activity'];
  /** Whether the desk is in a team at start. */
  inTeam?: boolean;
}

/** Opens the feeds over the app's parts. */
export async function openAppFeeds(
  parts: AppFeedsParts,
  config: { dataDir: string; feedCa?: string | Buffer | undefined },
  ports: { secretStore: SecretStore; log: Log; planChild?: PlanChild | undefined },
): Promise<FeedsService> {
  const { accounts, events } = parts;
  return openFeeds({
    dataDir: config.dataDir,
    ...(config.feedCa !== undefined && { ca: config.feedCa }),
    secrets: ports.secretStore,
    store: parts.draftsStore,
    drafts: parts.drafts,
    publish: parts.publish,
    lifecycle: parts.live.lifecycle,
    client: (accountId) => accounts.client(accountId),
    account: (id) => accounts.state().accounts.find((a) => a.id === id),
    template: (accountId, id) => parts.templates.get(accountId, id),
    // Matched by reference on the service itself: a lost local record never makes a second ad.
    listings: async (accountId) => accounts.client(accountId).listListings(),
    onDraftsChanged: (ids) => events.emit('drafts:changed', { ids }),
    onProgress: (progress) => events.emit('feeds:progress', progress),
    // The Listings view follows each change: an update's answer, a pause, an end, a publish.
    remember: (accountId, listing, linked) => parts.live.context.remember(accountId, listing, linked),
    live: parts.live.context,
    onChange: (id) => events.emit('feeds:changed', { ids: [id] }),
    onProblem: parts.reportProblem,
    log: ports.log,
    rulesNow: parts.rulesNow,
    // One clock for the app's automation: a sale period begins and ends by it too (issue 35.2).
    now: parts.rulesNow,
    authors: parts.authors,
    categories: parts.categoryContexts,
    guesses: parts.guessCategories,
    ...(parts.team && { team: parts.team }),
    ...(parts.willWrite && { willWrite: parts.willWrite }),
    ...(parts.deskName && { deskName: parts.deskName }),
    ...(parts.deskId && { deskId: parts.deskId }),
    ...(parts.activity && { activity: parts.activity }),
    ...(parts.inTeam !== undefined && { inTeam: parts.inTeam }),
    // A large feed's plan in a process of its own (issue 35.8), as the shell starts one.
    ...(ports.planChild && { planChild: ports.planChild }),
  });
}
