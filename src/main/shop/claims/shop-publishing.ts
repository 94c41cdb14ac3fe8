// Publishing in a shop as the seller sees it: every desk's Publishing view lists the shop's jobs
// (not only its own) and names the desk that runs each; a job's notice is given on the desk that
// pressed Publish for it, whichever desk ran it.
import type { PublishJobError, PublishJobView, PublishNotice } from '../../../shared/domain/publishing';
import type { PublishEngine } from '../../publish/engine';
import type { JobRecord } from '../../publish/jobs';
import { jobView } from '../../publish/views';
import type { ShopClaims } from './job-claims';
import { AppError } from '../../errors/app-error';
import { mainI18n } from '../../i18n';
import { OPEN_STATES, type JobRow } from '../queue';

const IDLE = { bytes: new Map<string, number>(), waiting: null, held: null, nextReadMs: null };

/** What a job waiting for a desk with the account's secret shows. */
export function waitingForSecret(at: string): PublishJobError {
  return {
    problem: 'waiting-for-secret',
    title: "Waiting for a desk that has this account's secret",
    detail: "No desk that holds this account's client secret has taken the job yet.",
    remedy: 'wait',
    whatToDo: "Nothing to do here: a desk whose keychain holds the account's secret runs it once it is open.",
    at,
  };
}

/** What a job pressed while the shop's database is out of reach shows until it reaches the queue. */
export function waitingForShop(at: string): PublishJobError {
  return {
    problem: 'waiting-for-shop',
    title: "Waiting for the team's database",
    detail: "This desk cannot reach the team's database, so the job has not reached the team's queue yet.",
    remedy: 'wait',
    whatToDo: "Nothing to do here: the job goes to the team's queue as soon as the database answers again.",
    at,
  };
}

function shopView(
  row: JobRow,
  record: JobRecord | undefined,
  local: PublishJobView | undefined,
  deskId: string,
) {
  const base = local ?? (record && jobView(record, IDLE));
  if (!base) return undefined;
  const desk = { runner: row.runnerName, requestedBy: row.requestedByName, here: row.runner === deskId };
  if (row.state === 'waiting')
    return { ...base, state: 'waiting' as const, error: waitingForSecret(row.updatedAt), desk };
  return { ...base, desk };
}

/** The engine as the Publishing view sees it in a shop: the shop's jobs, each with its desks. */
export function shopPublishing(engine: PublishEngine, claims: ShopClaims, deskId: string): PublishEngine {
  const views = (only?: ReadonlySet<string>): PublishJobView[] => {
    const out = new Map<string, PublishJobView>();
    for (const view of engine.list()) {
      if (only && !only.has(view.id)) continue;
      const held = claims.waitsForShop(view.id) && view.state === 'queued';
      out.set(view.id, held ? { ...view, state: 'waiting', error: waitingForShop(view.updatedAt) } : view);
    }
    for (const { row, record } of claims.jobs()) {
      if (only && !only.has(row.id)) continue;
      const view = shopView(row, record, out.get(row.id), deskId);
      if (view) out.set(row.id, view);
    }
    return [...out.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  };
  return {
    ...engine,
    list: () => views(),
    // A job running here is cancelled here; one no desk runs, in the shop first (so that no desk
    // takes it); one another desk runs, not from here (and not in the middle of a step): said so.
    async cancel(jobId) {
      if (claims.holds(jobId) || !claims.inQueue(jobId)) return engine.cancel(jobId);
      if (!(await claims.cancelQueued(jobId))) {
        const row = claims.jobs().find((job) => job.row.id === jobId)?.row;
        if (row?.runner && row.runner !== deskId && OPEN_STATES.includes(row.state))
          throw new AppError('conflict', mainI18n.t('errors:shopJobRunsElsewhere', { desk: row.runnerName }));
        return false;
      }
      await engine.cancel(jobId);
      return true;
    },
    // This desk retries its own copy when it can run it; else the shop's queue takes the job back
    // for a desk that holds the account's secret.
    async retry(jobId, confirm) {
      const own = engine.get(jobId);
      if (claims.holds(jobId) || !claims.inQueue(jobId)) return engine.retry(jobId, confirm);
      if (own && (await claims.canRun(own.accountId))) return engine.retry(jobId, confirm);
      return claims.retryQueued(jobId, confirm);
    },
    get: (jobId) => views(new Set([jobId]))[0],
    onChange(listener) {
      const fromEngine = engine.onChange((jobs) => listener(views(new Set(jobs.map((job) => job.id)))));
      const fromShop = claims.onJobs((changed) => {
        if (changed.length > 0) listener(views(new Set(changed)));
      });
      return () => {
        fromEngine();
        fromShop();
      };
    },
  };
}

/** Gives `onNotice` the notices of every job but those another desk pressed Publish for. */
export function shopNotices(
  claims: Pick<ShopClaims, 'queuedBy'>,
  onNotice: (notice: PublishNotice) => void,
): (notice: PublishNotice) => void {
  return (notice) => {
    if (claims.queuedBy(notice.jobId) === undefined) onNotice(notice);
  };
}
