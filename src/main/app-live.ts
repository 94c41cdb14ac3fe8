// What is live in the app (issues 15, 23, 31.3, 37.5): the calls that change a live ad with their rows
// of the activity log, the live services over the accounts, the listings and the publish jobs, and the
// one listener on reads of listings. Part of the composition root: it spells out what it reads of the
// app's config and ports rather than take app-contract's types.
import type { ActivityInput } from '../shared/domain/activity';
import type { AccountsService } from './accounts/accounts-service';
import type { AppActivity } from './app-activity';
import { appLiveCalls, priceKeySettler, type AppLiveCalls, type AppLiveCallsOptions } from './app-live-calls';
import type { KnownGoodStore } from './catalog';
import type { EventHub } from './events/event-hub';
import type { ListingsService } from './listings/listings-service';
import { followReads } from './listings/listings-read';
import { createLive, type Live } from './live';
import type { Log } from './log/log';
import type { ChangeAuthors } from './ports/change-authors';
import type { LiveCall } from './ports/live-calls';
import type { TaskClaims } from './ports/task-claims';
import type { PublishEngine } from './publish/engine';
import type { DraftsStore } from './storage/drafts-store';
import type { SettingsService } from './storage/settings';

export interface AppLiveParts {
  accounts: AccountsService;
  listings: ListingsService;
  publish: PublishEngine;
  draftsStore: DraftsStore;
  settings: Pick<SettingsService, 'get'>;
  events: EventHub;
  authors: ChangeAuthors;
  activity: Pick<AppActivity, 'lone'>;
  /** The team's session the calls' rows go to while the desk is in a team. */
  session: AppLiveCallsOptions['session'];
  /** What the service took, learned from each read of the listings (issue 33.4). */
  learnListings: KnownGoodStore['learnListings'];
}

/** What the live calls learn once the parts opened after them exist (app.ts binds them). */
export interface LiveCallsLate {
  claims?: () => TaskClaims | undefined;
  mayAct?: () => boolean;
  priceKey?: (key: string) => Promise<ActivityInput | undefined>;
}

export interface AppLive {
  live: Live;
  liveCalls: AppLiveCalls;
  late: LiveCallsLate;
}

/** Builds the live calls and the live services, and follows the reads of listings. */
export function openAppLive(
  parts: AppLiveParts,
  config: { dataDir: string },
  ports: { log: Log; clock?: (() => number) | undefined },
): AppLive {
  const { listings, publish, events } = parts;
  // Issue 37.5: pause, resume, end and live changes are recorded before they are sent and logged
  // with the record that settles them; the settling is bound below, the team's claims by app.ts
  // once they exist (`late`).
  const liveBound: LiveCallsLate & { settle?: (call: LiveCall) => Promise<Record<string, unknown> | null> } =
    {};
  const liveCalls = appLiveCalls({
    dataDir: config.dataDir,
    lone: parts.activity.lone,
    session: parts.session,
    teamClaims: () => liveBound.claims?.(),
    mayAct: () => liveBound.mayAct?.() ?? false,
    settle: (call) => liveBound.settle!(call),
    log: ports.log.child({ part: 'activity' }),
    // A price step done on the draft whose desk stopped before its key was marked: logged once.
    settlers: [priceKeySettler(async (key) => liveBound.priceKey?.(key))],
  });
  const live = createLive({
    calls: liveCalls,
    dataDir: config.dataDir,
    accounts: parts.accounts,
    listings,
    engine: publish,
    maxEdge: () => parts.settings.get().photoMaxEdge,
    log: ports.log,
    store: parts.draftsStore,
    authors: parts.authors,
    onDraftsChanged: (ids) => events.emit('drafts:changed', { ids }),
    ...(ports.clock && { now: ports.clock }),
    notePublication: listings.notePublication,
    // Issue 23.5: Publishing shows what became of an ad after its job.
    followAd: publish.followAd,
  });
  // Issue 31.3: one listener on reads of listings: the jobs learn of their ads (23.5), then a listing
  // changed elsewhere reaches its linked draft (23.1).
  listings.followReads(
    followReads({ jobs: publish, seen: live.seen.seen, log: ports.log, learn: parts.learnListings }),
  );
  liveBound.settle = live.settleCall;
  return { live, liveCalls, late: liveBound };
}
