// The app's automation (issue 25.6): one runner that the app runs while it is open and `worker`
// runs without a window, its claims (the lone desk's file, or the shop's database while the desk is
// in a shop), and scheduled publishing as its first source. Registering another kind is one line:
// `automation.runner.register(source)`.
import type { UiLanguage } from '../../shared/i18n-language';
import type { EventHub } from '../events/event-hub';
import { wordsIn } from '../i18n';
import type { Log } from '../log/log';
import type { ActivityLog } from '../ports/activity-log';
import type { PublishEngine } from '../publish/engine';
import type { TaskClaims } from '../ports/task-claims';
import type { DraftsStore } from '../storage/drafts-store';
import { systemClock, type Clock } from './clock';
import type { DueSource } from './due';
import { createRunner, type Runner } from './runner';
import { scheduleSource, type ScheduleNews } from './schedule-source';
import { createSchedules, localTime, type Schedules } from './schedules';
import { openLoneTaskClaims } from './task-claims';

export interface AutomationDeps {
  dataDir: string;
  store: Pick<DraftsStore, 'list' | 'get' | 'update'>;
  publish: Pick<PublishEngine, 'start'>;
  log: Log;
  language(): UiLanguage;
  onDraftsChanged(ids: string[]): void;
  /** The shop's claims while the desk is in a shop (the composition root wires the shop's). */
  shopClaims(): TaskClaims | undefined;
  /** A desktop notification (Electron). */
  notify?: (title: string, body: string) => void;
  /** A file of the data folder that did not parse (moved aside). */
  onProblem(movedAside: string): void;
  /** The lone desktop's activity log: what a task did, when its key is done (issue 37.5). */
  loneActivity?: Pick<ActivityLog, 'record'>;
  clock?: Clock;
  /** Runs what is due while the app is open (the app); false: only when asked (the command line). */
  run: boolean;
}

export interface Automation {
  runner: Runner;
  schedules: Schedules;
  /** The plain words of what became of a schedule (the log, a notification, the command line). */
  newsText(news: ScheduleNews): string;
  /** Told what became of each schedule whose time came; returns the unsubscribe. */
  onNews(listener: (news: ScheduleNews) => void): () => void;
  close(): Promise<void>;
}

/** The parts of the app the automation needs (app.ts hands them in one line). */
export interface AppParts {
  draftsStore: AutomationDeps['store'];
  publish: AutomationDeps['publish'];
  events: EventHub;
  language(): UiLanguage;
  shopClaims: AutomationDeps['shopClaims'];
  reportProblem(movedAside: string): void;
  /** The other kinds that fall due (price steps, feed runs), run beside the schedules. */
  sources: readonly DueSource[];
  loneActivity?: AutomationDeps['loneActivity'];
}

/**
 * What the automation reads of the app's config and ports, spelled out here rather than taken from
 * app-contract: the composition root calls this room, never the other way round.
 */
export interface AppAutomationConfig {
  dataDir: string;
  /** `run: false` holds it (the command line, but for `worker`); tests give a clock. */
  automation?: { run?: boolean; clock?: Clock };
}

export interface AppAutomationPorts {
  log: Log;
  notify?: (title: string, body: string) => void;
}

/** The app's automation: runs what is due while the app is open, unless `config.automation.run` is false. */
export function openAppAutomation(
  config: AppAutomationConfig,
  ports: AppAutomationPorts,
  parts: AppParts,
): Promise<Automation> {
  const automation = openAutomation({
    dataDir: config.dataDir,
    store: parts.draftsStore,
    publish: parts.publish,
    log: ports.log,
    language: parts.language,
    onDraftsChanged: (ids) => parts.events.emit('drafts:changed', { ids }),
    shopClaims: parts.shopClaims,
    ...(ports.notify && { notify: ports.notify }),
    onProblem: (movedAside) => parts.reportProblem(movedAside),
    ...(parts.loneActivity && { loneActivity: parts.loneActivity }),
    ...(config.automation?.clock && { clock: config.automation.clock }),
    run: config.automation?.run ?? true,
  });
  // A draft scheduled on another desk of the shop (or changed here) may be due sooner.
  return automation.then((opened) => {
    for (const source of parts.sources) opened.runner.register(source);
    const off = parts.events.subscribe((event) => {
      if (event === 'drafts:changed') opened.runner.wake();
    });
    return {
      ...opened,
      close: async () => {
        off();
        await opened.close();
      },
    };
  });
}

/** Opens the automation; starts the runner when `run`. */
export async function openAutomation(deps: AutomationDeps): Promise<Automation> {
  const clock = deps.clock ?? systemClock();
  const log = deps.log.child({ part: 'automation' });
  const lone = await openLoneTaskClaims(deps.dataDir, {
    now: clock.now,
    onUnreadable: deps.onProblem,
    ...(deps.loneActivity && { activity: deps.loneActivity }),
  });
  const claims = (): TaskClaims => deps.shopClaims() ?? lone;
  const runner = createRunner({ claims, clock, log });
  const listeners = new Set<(news: ScheduleNews) => void>();
  const newsText = (news: ScheduleNews) => {
    const w = wordsIn(deps.language(), 'schedule');
    const title = news.title.trim() || w('untitled');
    const due = localTime(news.dueAt, deps.language());
    const { outcome } = news;
    if (outcome.kind === 'held') return w('held', { title, due, count: outcome.issues });
    if (outcome.kind === 'failed') return w('failed', { title, due, why: outcome.message });
    return news.late ? w('late', { title, due }) : w('started', { title, due });
  };
  runner.register(
    scheduleSource({
      store: deps.store,
      publish: deps.publish,
      now: clock.now,
      onChanged: deps.onDraftsChanged,
      tell(news) {
        const text = newsText(news);
        if (news.outcome.kind === 'started') log.info(text, { draftId: news.draftId });
        else log.warn(text, { draftId: news.draftId });
        deps.notify?.(wordsIn(deps.language(), 'schedule')('noticeTitle'), text);
        for (const listener of listeners) listener(news);
      },
    }),
  );
  const schedules = createSchedules({
    store: deps.store,
    now: clock.now,
    language: deps.language,
    onChanged: deps.onDraftsChanged,
    wake: runner.wake,
  });
  if (deps.run) runner.start();
  return {
    runner,
    schedules,
    newsText,
    onNews(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () => runner.stop(),
  };
}
