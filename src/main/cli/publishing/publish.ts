// `publish [--ready | ID...]`: the drafts go through the app's own publish engine; progress on
// stderr (a line whenever a job's state changes), a JSON summary on stdout once every job is live,
// rejected or needs the seller (or the wait is over: open jobs continue at the next start).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Draft } from '../../../shared/domain/drafts';
import {
  isOpenJobState,
  type PublishJobError,
  type PublishJobView,
  type PublishStartResult,
} from '../../../shared/domain/publishing';
import type { AccountsState, DraftsListResult } from '../../../shared/ipc/types';
import { jobError } from '../../publish/context';
import { IMPRINT_MISSING } from '../../publish/steps';
import { catalogWarned, type CatalogWarned } from './catalog-warned';
import { withoutImprint } from './imprint-check';
import { issuesText, reportLeftOut } from './not-ready';
import { CallFailed, type Session } from '../session';
import { EXIT, jobErrorText, jobStateText } from '../words';

export interface PublishItem {
  draftId: string;
  title: string;
  jobId: string | null;
  /**
   * The job's state, 'not-started' when no job was made (the error says why), or 'asked' when this
   * desk asked for approval instead (issue 37.4; `requestId` names the request).
   */
  state: PublishJobView['state'] | 'not-started' | 'asked';
  requestId?: string;
  adId: number | null;
  listingUuid: string | null;
  publicationUuid: string | null;
  rejectionReason: string | null;
  /** Why: the problem code, the English title, detail and what to do, and `message` in the run's language. */
  error: { problem: string; title: string; detail: string; whatToDo: string; message: string } | null;
}

export interface PublishSummary {
  command: 'publish';
  ok: boolean;
  live: number;
  failed: number;
  /** Requests for approval this desk made instead of jobs (issue 37.4). */
  asked?: number;
  /** Jobs still under way when the wait ended (they continue at the next start). */
  open: number;
  items: PublishItem[];
  /** Drafts published although the catalog warns about them (issue 33.6), with the warnings' words. */
  catalogWarnings: CatalogWarned[];
}

const POLL_MS = 250;

/** Jobs that need nothing more from the run: settled, or taken over by a later job. */
function settled(job: PublishJobView): boolean {
  return !isOpenJobState(job.state) || Boolean(job.supersededBy);
}

export async function publishCommand(
  session: Session,
  options: { ready: boolean; ids: string[]; waitMinutes: number },
): Promise<number> {
  const { words: w } = session;
  // The drafts to publish, with their titles and accounts.
  const wanted: { id: string; title: string; accountId: string | null }[] = [];
  const items: PublishItem[] = [];
  let leftOut = 0;
  // --ready: the list's rows say which drafts have a catalog warning; only those are read again.
  let mayWarn: Set<string> | undefined;
  const notStarted = (draftId: string, title: string, error: PublishItem['error']) =>
    items.push({
      draftId,
      title,
      jobId: null,
      state: 'not-started',
      adId: null,
      listingUuid: null,
      publicationUuid: null,
      rejectionReason: null,
      error,
    });
  if (options.ready) {
    const account = await session.account();
    const list = await session.call<DraftsListResult>('drafts:list', { status: 'ready', account: 'all' });
    for (const item of list.items)
      // Ready and without issues (a draft file written by another tool may say 'ready' wrongly).
      if (item.accountId === account.id && item.issueCount === 0)
        wanted.push({ id: item.id, title: item.title, accountId: item.accountId });
    mayWarn = new Set(list.items.filter((item) => item.catalogWarning !== null).map((item) => item.id));
    leftOut = await reportLeftOut(session, account.id);
  } else {
    for (const id of options.ids) {
      try {
        const draft = await session.call<Draft>('drafts:get', { id });
        wanted.push({ id, title: draft.title, accountId: draft.accountId ?? null });
      } catch (error) {
        if (!(error instanceof CallFailed) || error.error.code !== 'not-found') throw error;
        notStarted(id, '', {
          problem: 'not-found',
          title: error.error.message,
          detail: '',
          whatToDo: '',
          message: error.error.message,
        });
        session.err(w.notStarted(id, error.error.message));
      }
    }
  }
  const titleOf = (title: string) => title.trim() || w.untitled;

  // Why a job was not made, in the run's language; a draft the rules refuse is named with what to fix.
  const whyNot = async (draftId: string, error: PublishJobError): Promise<string> => {
    const why = jobErrorText(error, session.language);
    if (error.problem !== 'not-publishable') return why;
    const issues = issuesText(await session.call<Draft>('drafts:get', { id: draftId }), session);
    return issues ? `${why} ${issues}` : why;
  };

  if (wanted.length === 0 && items.length === 0) {
    // Nothing to do is done; drafts that all need something first are not (exit 6, each named above).
    session.err(leftOut > 0 ? w.noneReady(leftOut) : w.nothingReady);
    const code = leftOut > 0 ? EXIT.notReady : EXIT.ok;
    session.out(
      JSON.stringify({ ...summaryOf([], 0, []), ok: code === EXIT.ok, notReady: leftOut }, null, 2),
    );
    return code;
  }

  const noImprint = await withoutImprint(session, wanted);
  for (const [draftId, account] of noImprint) {
    const draft = wanted.splice(
      wanted.findIndex((d) => d.id === draftId),
      1,
    )[0]!;
    const { problem, title, detail, whatToDo } = jobError(IMPRINT_MISSING, new Date());
    const message = w.imprintMissing(account);
    notStarted(draftId, draft.title, { problem, title, detail, whatToDo, message });
    session.err(w.notStarted(titleOf(draft.title), message));
  }

  // Every account concerned must reach the service first: nothing is started against one that
  // cannot sign in.
  if (wanted.length > 0) {
    const { accounts } = await session.call<AccountsState>('accounts:list');
    const ids = new Set(wanted.map((draft) => draft.accountId).filter((id): id is string => id !== null));
    for (const account of accounts) if (ids.has(account.id)) await session.checkService(account);
  }

  const lastLine = new Map<string, string>();
  const ours = new Map<string, { draftId: string; title: string }>();
  const report = (job: PublishJobView) => {
    const draft = ours.get(job.id);
    if (!draft) return;
    const state = jobStateText(job, session.language);
    // In a shop the job may be another desk's (it pressed first, or crashed holding it): the
    // command names that desk rather than wait in silence for up to a lease.
    const elsewhere = isOpenJobState(job.state) && job.desk?.runner && !job.desk.here;
    const line = `${titleOf(draft.title)}: ${elsewhere ? w.otherDesk(state, job.desk!.runner!) : state}`;
    if (lastLine.get(job.id) === line) return;
    lastLine.set(job.id, line);
    session.err(line);
  };
  const unsubscribe = session.app.events.subscribe((event, payload) => {
    if (event === 'publish:changed')
      for (const job of (payload as { jobs: PublishJobView[] }).jobs) report(job);
  });

  try {
    let results: PublishStartResult[] = [];
    // Said, never refused: the draft is published as the seller made it.
    const warned = await catalogWarned(session, wanted, mayWarn);
    if (wanted.length > 0) {
      session.err(w.started(wanted.length));
      ({ results } = await session.call<{ results: PublishStartResult[] }>('publish:start', {
        draftIds: wanted.map((draft) => draft.id),
      }));
    }
    for (const result of results) {
      const draft = wanted.find((d) => d.id === result.draftId)!;
      if (result.jobId) ours.set(result.jobId, { draftId: draft.id, title: draft.title });
      else if (result.requestId) {
        // This desk asks (issue 37.4): the request waits for another desk's approval.
        items.push({
          draftId: draft.id,
          title: draft.title,
          jobId: null,
          state: 'asked',
          requestId: result.requestId,
          adId: null,
          listingUuid: null,
          publicationUuid: null,
          rejectionReason: null,
          error: null,
        });
        session.err(`${titleOf(draft.title)}: ${w.asked(result.requestId)}`);
      } else {
        const e = result.error;
        const why = e ? await whyNot(draft.id, e) : '';
        notStarted(
          draft.id,
          draft.title,
          e
            ? { problem: e.problem, title: e.title, detail: e.detail, whatToDo: e.whatToDo, message: why }
            : null,
        );
        session.err(w.notStarted(titleOf(draft.title), why));
      }
    }

    // Waits until every job of ours has settled, the wait is over, or the run is stopped.
    const deadline = options.waitMinutes > 0 ? Date.now() + options.waitMinutes * 60_000 : Infinity;
    let jobs: PublishJobView[] = [];
    for (;;) {
      ({ jobs } = await session.call<{ jobs: PublishJobView[] }>('publish:list'));
      const mine = jobs.filter((job) => ours.has(job.id));
      mine.forEach(report);
      if (mine.every(settled) || session.stopped()) break;
      if (Date.now() >= deadline) {
        session.err(w.gaveUpWaiting(options.waitMinutes));
        break;
      }
      await sleep(POLL_MS);
    }
    for (const job of jobs) {
      const draft = ours.get(job.id);
      if (!draft) continue;
      items.push({
        draftId: draft.draftId,
        title: draft.title,
        jobId: job.id,
        state: job.state,
        adId: job.adId,
        listingUuid: job.listingUuid,
        publicationUuid: job.publicationUuid,
        rejectionReason: job.rejectionReason,
        error: job.error
          ? {
              problem: job.error.problem,
              title: job.error.title,
              detail: job.error.detail,
              whatToDo: job.error.whatToDo,
              message: jobErrorText(job.error, session.language),
            }
          : null,
      });
    }
    const open = items.filter(
      (item) => item.state !== 'not-started' && item.state !== 'asked' && isOpenJobState(item.state),
    ).length;
    const summary = summaryOf(items, open, warned);
    session.err(w.summary(summary.live, summary.failed, summary.open));
    session.out(JSON.stringify(summary, null, 2));
    if (session.stopped()) {
      session.err(w.interrupted);
      return EXIT.interrupted;
    }
    return summary.ok ? EXIT.ok : EXIT.someFailed;
  } finally {
    unsubscribe();
  }
}

function summaryOf(items: PublishItem[], open: number, catalogWarnings: CatalogWarned[]): PublishSummary {
  const live = items.filter((item) => item.state === 'published').length;
  // A request made instead of a job (issue 37.4) is done here: it waits for another desk.
  const asked = items.filter((item) => item.state === 'asked').length;
  const failed = items.length - live - open - asked;
  return {
    command: 'publish',
    ok: failed === 0 && open === 0,
    live,
    failed,
    open,
    ...(asked > 0 && { asked }),
    items,
    catalogWarnings,
  };
}
