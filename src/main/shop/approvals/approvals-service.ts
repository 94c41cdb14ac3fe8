// Four eyes on a desk of a team (issue 37.4): a desk that must ask (a prepare desk; a publish desk
// for an account whose owner requires it) makes a request of its Publish, carrying the job body
// exactly as it will be queued (the draft now, its photos by hash); another desk allowed to publish
// approves it (the body goes into the queue unchanged) or sends it back with a note. The database
// decides who may (migration 6) and logs each request and decision in the statement that makes it
// (migration 7's approval_logged); this file says its refusals in words and tells the asker.
import { randomUUID } from 'node:crypto';
import {
  approvalAd,
  approvalChanges,
  listingAd,
  type ApprovalView,
  type LiveAsk,
  type LiveListingFields,
} from '../../../shared/domain/approvals';
import type { BulkEdit, BulkRowPlan } from '../../../shared/domain/bulk';
import type { PublishStartResult } from '../../../shared/domain/publishing';
import type { UiLanguage } from '../../../shared/i18n-language';
import { AppError } from '../../errors/app-error';
import { wordsIn } from '../../i18n';
import { jobError, type PublishAccounts } from '../../publish/context';
import { prepareJob, type DraftsPort } from '../../publish/drafts';
import { sendPhotoFiles } from '../photos';
import { roleRefusalError } from '../status';
import { editAskOf, previewEditAsks, type EditAskDeps } from './approvals-edits';
import { approvalsFollower, type ApprovalsSession } from './approvals-follow';
import { liveRequest } from './approvals-live';
import {
  approvalRules,
  approveRequest,
  closeRequest,
  insertRequest,
  mustAsk,
  readRequest,
  readRequests,
  setApprovalRule,
  type DecideOutcome,
} from './approvals-sql';
import { approvalNews, approvalView } from './approvals-view';

export type { ApprovalsSession };
export { approvalView };

export interface ApprovalsDeps {
  /** The desk's session now; undefined while the desk works alone. */
  session(): ApprovalsSession | undefined;
  dataDir: string;
  drafts: Pick<DraftsPort, 'get'>;
  accounts: Pick<PublishAccounts, 'activeId' | 'defaultImprintUuid' | 'testImprint'>;
  /** Accounts whose jobs never enter the team's queue (the desk's own Sandbox): never asked for. */
  keepsLocal(accountId: string): boolean;
  /** Whether this desk's role, as last learned, may not publish (asked when the database is out of reach). */
  asksByRole(): boolean;
  /** Whether this desk holds the account's secret (an approved job is queued, else waits for one). */
  hasSecret(accountId: string): Promise<boolean>;
  /**
   * A live ad as this desk knows it now: read from the service where it holds the account's secret,
   * else the team's shared view of the account's listings; undefined when it is not (or no longer) there.
   */
  readListing(accountId: string, uuid: string): Promise<LiveListingFields | undefined>;
  language(): UiLanguage;
  log: { info(message: string): void; warn(message: string): void };
  /** Told of the asker's news (approved, sent back, withdrawn by an edit), in the seller's words. */
  onNews?(text: string, request: ApprovalView): void;
  /**
   * Told whenever a request was asked or decided anywhere in the team, or the owner's rule changed
   * (migration 8), and when the desk's LISTEN connection (re)opens (it may have missed one).
   */
  onChange?(): void;
  newId?(): string;
  now?(): Date;
}

export interface ShopApprovals {
  /** Whether this desk asks before publishing the account's drafts (false when alone). */
  mustAsk(accountId: string): Promise<boolean>;
  /** Asks to publish each draft; a result names the request (`requestId`) or says why not. */
  ask(draftIds: readonly string[]): Promise<PublishStartResult[]>;
  /**
   * Publish as this desk may: the drafts it must ask for become requests, the others go to `start`
   * (the engine); the results in the drafts' order.
   */
  publish(
    draftIds: readonly string[],
    start: (draftIds: readonly string[]) => Promise<PublishStartResult[]>,
  ): Promise<PublishStartResult[]>;
  /** Asks to change, reprice, pause or end a live ad (issue 37.4); answers the request's id. */
  askLive(ask: LiveAsk): Promise<{ requestId: string }>;
  /** What a bulk edit of live ads would ask for, ad by ad, from the ads as this desk knows them. */
  previewEdit(uuids: readonly string[], edit: BulkEdit): Promise<BulkRowPlan[]>;
  /** Asks for a bulk edit of one live ad: a request carrying exactly its row of the preview. */
  askEdit(uuid: string, edit: BulkEdit, accountId?: string): Promise<{ requestId: string }>;
  /** The waiting requests and those decided lately. */
  list(): Promise<ApprovalView[]>;
  /** The accounts whose publish desks ask too (the owner's rule). */
  rules(): Promise<string[]>;
  /** Sets the owner's rule for an account (the database refuses it to a desk that is not an owner). */
  setRule(accountId: string, required: boolean): Promise<string[]>;
  approve(id: string): Promise<{ jobId: string }>;
  sendBack(id: string, note: string): Promise<void>;
  /**
   * Listens to the team's requests and rules on the desk's session of now (again when it changed):
   * called at once, whenever the desk learns its standing, and by every call here.
   */
  follow(): void;
  /** Stops telling the asker (the session's listener). */
  close(): void;
}

export function openApprovals(deps: ApprovalsDeps): ShopApprovals {
  const words = () => wordsIn(deps.language(), 'teamRoles');
  const newId = deps.newId ?? randomUUID;
  const now = deps.now ?? (() => new Date());
  const session = (): ApprovalsSession => {
    const current = deps.session();
    if (!current) throw new AppError('conflict', words()('approvals.notInTeam'));
    return current;
  };
  // A refusal of the database in words: the role's, or the request's own.
  const said = async <T>(act: () => Promise<T>): Promise<T> => {
    try {
      return await act();
    } catch (error) {
      const role = roleRefusalError(error, deps.language());
      if (role) throw role;
      const detail = (error as { detail?: unknown }).detail;
      if (detail === 'listing-desk-request:own')
        throw new AppError('forbidden', words()('approvals.own'), { shop: 'own-request' });
      if (detail === 'listing-desk-request:note')
        throw new AppError('invalid-input', words()('approvals.noteNeeded'));
      throw error;
    }
  };
  const notDone = (id: string, outcome: DecideOutcome & { done: false }): AppError => {
    const t = words();
    if (outcome.state === 'missing') return new AppError('not-found', t('approvals.missing', { id }));
    if (outcome.state === 'draft-busy') return new AppError('conflict', t('approvals.draftBusy'));
    return new AppError('conflict', t('approvals.decided', { state: t(`approvals.state.${outcome.state}`) }));
  };

  // The asker hears what became of its requests (any desk's edit may withdraw one).
  const told = new Set<string>();
  const follower = approvalsFollower({
    session: () => deps.session(),
    ...(deps.onChange && { onChange: deps.onChange }),
    onRequest: (current, id) =>
      void tell(current, id).catch((error: unknown) =>
        deps.log.warn(`Approvals: request ${id} could not be read (${String(error)})`),
      ),
  });
  const follow = follower.follow;
  const tell = async (current: ApprovalsSession, id: string) => {
    const row = await readRequest(current.pool, id);
    if (!row || row.askedBy !== current.membership.deskId || row.state === 'waiting' || told.has(id)) return;
    told.add(id);
    const view = approvalView(row, current.membership.deskId);
    const text = approvalNews(row, words());
    deps.log.info(
      `Approvals: request ${id} of draft ${row.draftId} is ${row.state} (${row.decidedByName ?? ''})`,
    );
    deps.onNews?.(text, view);
  };

  const askOne = async (current: ApprovalsSession, draftId: string): Promise<PublishStartResult> => {
    const id = newId();
    const sources: string[] = [];
    const prepared = await prepareJob({
      id,
      draftId,
      earlier: [],
      drafts: deps.drafts as DraftsPort,
      accounts: deps.accounts,
      // Nothing is linked here: the request carries the photos' bytes by hash, sent below.
      store: {
        keepPhotos: async (_jobId, photos) =>
          photos.map((photo, index) => {
            sources.push(photo.file);
            return `photo-${index + 1}${photo.ext}`;
          }),
        dropPhotos: async () => undefined,
      },
      dataDir: deps.dataDir,
      now: now(),
    });
    if ('refusal' in prepared) {
      return { draftId, error: jobError(prepared.refusal, now()) };
    }
    const { record } = prepared;
    const deskId = current.membership.deskId;
    const photos = await sendPhotoFiles(
      current.pool,
      record.photos.map((photo, index) => ({ name: photo.file, file: sources[index]! })),
      deskId,
    );
    const hashes = record.photos.map((photo) => photos[photo.file] ?? '');
    const asked = await said(() =>
      insertRequest(current.pool, {
        id,
        kind: 'publish',
        draftId,
        account: record.accountId,
        listing: null,
        ad: approvalAd(record.snapshot, record.accountId, hashes),
        live: null,
        body: { record, photos },
        deskId,
      }),
    );
    if (!asked.existing) {
      deps.log.info(`Approvals: this desk asks to publish draft ${draftId} (request ${id})`);
    }
    return { draftId, requestId: asked.id };
  };

  // A live ad's request is approved only while the ad is as it was asked against: changed meanwhile
  // (another desk's edit) or gone, the approval refuses in words rather than overwrite it blindly.
  const liveUnchanged = async (current: ApprovalsSession, id: string) => {
    const row = await readRequest(current.pool, id);
    if (!row || row.kind === 'publish' || row.state !== 'waiting' || !row.live || !row.listing) return;
    const t = words();
    const listing = await deps.readListing(row.account, row.listing);
    if (!listing) throw new AppError('conflict', t('approvals.liveGone', { title: row.live.title }));
    const changed = approvalChanges(row.live, listingAd(listing, row.account));
    if (changed.length > 0)
      throw new AppError(
        'conflict',
        t('approvals.liveChanged', {
          title: row.live.title,
          fields: changed.map((change) => t(`approvals.field.${change.field.split('.')[0]}`)).join(', '),
        }),
        { shop: 'live-changed' },
      );
  };

  const mustAskFor = async (accountId: string) => {
    const current = deps.session();
    if (!current || deps.keepsLocal(accountId)) return false;
    follow();
    try {
      return await mustAsk(current.pool, accountId);
    } catch (error) {
      // Out of reach (pressed offline): a desk whose role may publish goes on as before (its job
      // waits for the link); one that must ask cannot ask now, and is told so rather than publishing.
      deps.log.warn(`Approvals: whether this desk must ask could not be read: ${String(error)}`);
      if (deps.asksByRole()) throw new AppError('unavailable', words()('approvals.offline'));
      return false;
    }
  };
  // A draft that cannot be read is the engine's to report.
  const asksFor = async (draftId: string) => {
    const draft = await deps.drafts.get(draftId).catch(() => undefined);
    return draft !== undefined && (await mustAskFor(draft.accountId ?? deps.accounts.activeId()));
  };

  const edits: EditAskDeps = {
    readListing: (account, uuid) => deps.readListing(account, uuid),
    problem: () => ({ problem: 'not-found', message: words()('approvals.liveMissing') }),
  };

  const api: ShopApprovals = {
    mustAsk: mustAskFor,
    async publish(draftIds, start) {
      const ids = [...new Set(draftIds)];
      if (!deps.session()) return start(ids);
      const asking = new Set<string>();
      for (const id of ids) if (await asksFor(id)) asking.add(id);
      if (asking.size === 0) return start(ids);
      const results = new Map<string, PublishStartResult>();
      const others = ids.filter((id) => !asking.has(id));
      if (others.length > 0) for (const result of await start(others)) results.set(result.draftId, result);
      for (const result of await api.ask([...asking])) results.set(result.draftId, result);
      return ids.map((id) => results.get(id) ?? { draftId: id });
    },
    async ask(draftIds) {
      const current = session();
      follow();
      const results: PublishStartResult[] = [];
      for (const draftId of new Set(draftIds)) results.push(await askOne(current, draftId));
      return results;
    },
    async list() {
      const current = session();
      follow();
      const rows = await readRequests(current.pool);
      return rows.map((row) => approvalView(row, current.membership.deskId));
    },
    async askLive(ask) {
      const current = session();
      follow();
      const accountId = ask.accountId ?? deps.accounts.activeId();
      const t = words();
      const listing = await deps.readListing(accountId, ask.listing);
      if (!listing) throw new AppError('not-found', t('approvals.liveMissing'));
      const id = newId();
      const made = liveRequest(ask, listing, accountId, id, now());
      if (made === 'nothing-changes') throw new AppError('invalid-input', t('approvals.nothingChanges'));
      if (made === 'price-invalid') throw new AppError('invalid-input', t('approvals.priceInvalid'));
      const deskId = current.membership.deskId;
      await said(() =>
        insertRequest(current.pool, {
          id,
          kind: ask.kind,
          draftId: null,
          account: accountId,
          listing: ask.listing,
          ad: made.ad,
          live: made.live,
          body: made.body,
          deskId,
        }),
      );
      deps.log.info(`Approvals: this desk asks to ${ask.kind} listing ${ask.listing} (request ${id})`);
      return { requestId: id };
    },
    async previewEdit(uuids, edit) {
      session();
      return previewEditAsks(edits, deps.accounts.activeId(), uuids, edit);
    },
    async askEdit(uuid, edit, accountId) {
      session();
      const t = words();
      const made = await editAskOf(edits, accountId ?? deps.accounts.activeId(), uuid, edit);
      if (made === 'missing') throw new AppError('not-found', t('approvals.liveMissing'));
      if (made === 'nothing-changes') throw new AppError('invalid-input', t('approvals.nothingChanges'));
      if (made === 'does-not-fit') throw new AppError('invalid-input', t('approvals.editDoesNotFit'));
      return api.askLive(made);
    },
    async rules() {
      const current = session();
      follow();
      return approvalRules(current.pool);
    },
    async setRule(accountId, required) {
      const current = session();
      await said(() => setApprovalRule(current.pool, accountId, required, current.membership.deskId));
      deps.log.info(`Approvals: the owner's rule for account ${accountId} is ${required ? 'on' : 'off'}`);
      return approvalRules(current.pool);
    },
    async approve(id) {
      const current = session();
      const deskId = current.membership.deskId;
      // The ad's check runs inside the approval's transaction, after the database let this desk decide.
      const outcome = await said(() =>
        approveRequest(
          current.pool,
          id,
          deskId,
          async (account) => ((await deps.hasSecret(account)) ? 'queued' : 'waiting'),
          (request) => liveUnchanged(current, request),
        ),
      );
      if (!outcome.done) throw notDone(id, outcome);
      deps.log.info(
        `Approvals: this desk approved request ${id}; job ${outcome.jobId} is in the team's queue`,
      );
      return { jobId: outcome.jobId! };
    },
    async sendBack(id, note) {
      const current = session();
      const deskId = current.membership.deskId;
      if (note.trim() === '') throw new AppError('invalid-input', words()('approvals.noteNeeded'));
      const outcome = await said(() => closeRequest(current.pool, id, deskId, 'sent-back', note.trim()));
      if (!outcome.done) throw notDone(id, outcome);
      deps.log.info(`Approvals: this desk sent request ${id} back`);
    },
    follow,
    close: follower.close,
  };
  follow();
  return api;
}
