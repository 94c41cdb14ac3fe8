// `worker [--once]` (issue 25.6): runs what is due without a window, through the app's own runner.
// --once does what is due now, waits for the ads it started to settle (at most --wait minutes),
// and ends: exit 0 when all went, 1 when something failed or was not ready. Without --once it
// keeps running until SIGINT or SIGTERM, then gives back what it holds (run again at its next
// start, or by another desk of the shop).
import { isOpenJobState, type PublishJobView } from '../../../shared/domain/publishing';
import type { ScheduleNews } from '../../automation/schedule-source';
import type { TaskOutcome } from '../../automation/runner';
import { wordsIn } from '../../i18n';
import { localTime } from '../../automation/schedules';
import type { Session } from '../session';
import { EXIT, jobStateText } from '../words';

/** Runs the worker; resolves with the exit code. */
export async function workerCommand(
  session: Session,
  options: { once: boolean; waitMinutes: number; stopSignal: Promise<void> },
): Promise<number> {
  const { runner } = session.app.automation;
  const w = wordsIn(session.language, 'schedule');
  const jobs = new Set<string>();
  let notDone = 0;
  const offNews = session.app.automation.onNews((news: ScheduleNews) => {
    session.out(session.app.automation.newsText(news));
    if (news.outcome.kind === 'started') {
      if (news.outcome.jobId) jobs.add(news.outcome.jobId);
    } else notDone += 1;
  });
  const counts = { done: 0, failed: 0, elsewhere: 0, stopped: 0 };
  const offOutcome = runner.onOutcome((outcome: TaskOutcome) => {
    counts[outcome.state] += 1;
    if (outcome.state === 'failed')
      session.err(w('taskFailed', { label: outcome.label, why: outcome.error }));
  });
  try {
    if (!options.once) {
      session.err(w('workerRunning'));
      runner.start();
      await options.stopSignal;
      await runner.stop();
      session.err(w('workerStopped'));
      return EXIT.ok;
    }
    const outcomes = await runner.runDue();
    if (outcomes.length === 0) session.err(w('workerNothing'));
    else session.err(w('workerSummary', counts));
    const next = await runner.next();
    session.err(
      next === undefined
        ? w('workerNone')
        : w('workerNext', { at: localTime(new Date(next).toISOString(), session.language) }),
    );
    const failedJobs = await settle(session, jobs, options);
    return counts.failed + notDone + failedJobs > 0 ? EXIT.someFailed : EXIT.ok;
  } finally {
    offNews();
    offOutcome();
  }
}

/** Waits until the jobs started have settled (or the wait is over); resolves with how many did not go live. */
async function settle(
  session: Session,
  jobs: ReadonlySet<string>,
  options: { waitMinutes: number; stopSignal: Promise<void> },
): Promise<number> {
  if (jobs.size === 0) return 0;
  const w = wordsIn(session.language, 'schedule');
  session.err(w('waitingForJobs', { count: jobs.size }));
  const ours = () =>
    session
      .call<{ jobs: PublishJobView[] }>('publish:list')
      .then((list) => list.jobs.filter((job) => jobs.has(job.id)));
  const open = (list: PublishJobView[]) => list.some((job) => isOpenJobState(job.state) && !job.supersededBy);
  let list = await ours();
  if (open(list)) {
    // Woken by the engine's own change events; no polling.
    await new Promise<void>((resolve) => {
      const timer = options.waitMinutes > 0 ? setTimeout(resolve, options.waitMinutes * 60_000) : undefined;
      const off = session.app.events.subscribe((event) => {
        if (event !== 'publish:changed') return;
        void ours().then((now) => {
          list = now;
          if (!open(now)) done();
        });
      });
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      void options.stopSignal.then(done);
    });
    list = await ours();
  }
  for (const job of list)
    session.err(`${job.title.trim() || w('untitled')}: ${jobStateText(job, session.language)}`);
  return list.filter((job) => job.state !== 'published').length;
}
