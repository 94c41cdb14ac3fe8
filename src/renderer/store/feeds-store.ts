// The Feeds view (issue 25): the feeds, which screen shows, each feed's plan as last read, its
// history, and the progress of a run (main's `feeds:progress` events).
import { create } from 'zustand';
import type { InputOf } from '../../shared/ipc/contract';
import { call } from '../ipc/client';
import type { FeedPlan, FeedProgress, FeedRun, FeedView } from '../../shared/domain/feeds';

export type FeedsScreen =
  { kind: 'list' } | { kind: 'feed'; id: string } | { kind: 'form'; id: string | null };

/** A feed's plan: being read, read, or not readable (main's words). */
export type PlanState =
  { status: 'reading' } | { status: 'ready'; plan: FeedPlan } | { status: 'failed'; message: string };

interface FeedsState {
  feeds: FeedView[];
  loaded: boolean;
  /** Why the list could not be read (main's words). */
  failure: string | null;
  screen: FeedsScreen;
  plans: Readonly<Record<string, PlanState>>;
  history: Readonly<Record<string, FeedRun[]>>;
  progress: Readonly<Record<string, FeedProgress>>;
  /** Feeds whose run the seller started from here and main has not answered yet. */
  starting: ReadonlySet<string>;
  /** Why the last run, retry or history read of a feed failed (main's words). */
  runFailure: Readonly<Record<string, string>>;

  load(): Promise<void>;
  /** Shows a feed; reads its plan and history. */
  open(id: string): void;
  /** Back to the list of feeds. */
  back(): void;
  /** Opens the form: a new feed (null) or the feed's settings. */
  edit(id: string | null): void;
  /** Saves the form's feed and shows it; rejects with main's error (the form words it). */
  save(input: InputOf<'feeds:save'>): Promise<FeedView>;
  remove(id: string): Promise<void>;
  /** Reads the file and makes the plan again (nothing is applied). */
  plan(id: string): Promise<void>;
  /** Runs the feed (for a first run, that is the seller's yes to the plan shown). */
  run(id: string): Promise<void>;
  loadHistory(id: string): Promise<void>;
  /** Runs a run's failed ads again (or the one of `reference`). */
  retry(feedId: string, runId: string, reference?: string): Promise<void>;
  /** An owner's yes to the feed's held run (issue 37.3); throws main's words when refused. */
  approveHeld(feedId: string, runId: string): Promise<FeedRun>;
  progressed(progress: FeedProgress): void;
  /** Main's word that feeds changed (saved, removed, a run began or ended, here or elsewhere). */
  changed(ids: readonly string[]): void;
}

/** Feeds whose last run was held by the safety valve, could not start or left ads failed: the seller should look. */
export function feedsNeedingSeller(feeds: readonly FeedView[]): number {
  return feeds.filter(
    ({ lastRun }) =>
      lastRun && lastRun.state !== 'running' && (lastRun.state !== 'done' || lastRun.failed > 0),
  ).length;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

export const useFeedsStore = create<FeedsState>((set, get) => {
  const runFailed = (id: string, error: unknown) =>
    set((s) => ({ runFailure: { ...s.runFailure, [id]: message(error) } }));
  const starting = (id: string, on: boolean) =>
    set((s) => {
      const next = new Set(s.starting);
      if (on) next.add(id);
      else next.delete(id);
      return { starting: next };
    });

  return {
    feeds: [],
    loaded: false,
    failure: null,
    screen: { kind: 'list' },
    plans: {},
    history: {},
    progress: {},
    starting: new Set(),
    runFailure: {},

    async load() {
      try {
        const { feeds } = await call('feeds:list');
        set({ feeds, loaded: true, failure: null });
        const { screen } = get();
        // A feed removed elsewhere (the command line, another window) cannot stay open.
        if (screen.kind === 'feed' && !feeds.some((feed) => feed.id === screen.id))
          set({ screen: { kind: 'list' } });
      } catch (error) {
        set({ failure: message(error), loaded: true });
      }
    },
    open(id) {
      set({ screen: { kind: 'feed', id } });
      void get().plan(id);
      void get().loadHistory(id);
    },
    back: () => set({ screen: { kind: 'list' } }),
    edit: (id) => set({ screen: { kind: 'form', id } }),
    async save(input) {
      const feed = await call('feeds:save', input);
      await get().load();
      get().open(feed.id);
      return feed;
    },
    async remove(id) {
      const { feeds } = await call('feeds:remove', { id });
      set((s) => ({
        feeds,
        plans: without(s.plans, id),
        history: without(s.history, id),
        screen: { kind: 'list' },
      }));
    },
    async plan(id) {
      set((s) => ({ plans: { ...s.plans, [id]: { status: 'reading' } } }));
      try {
        const plan = await call('feeds:plan', { id });
        set((s) => ({ plans: { ...s.plans, [id]: { status: 'ready', plan } } }));
      } catch (error) {
        set((s) => ({ plans: { ...s.plans, [id]: { status: 'failed', message: message(error) } } }));
      }
    },
    async run(id) {
      starting(id, true);
      set((s) => ({ runFailure: without(s.runFailure, id) }));
      try {
        await call('feeds:run', { id });
        // The plan shown was this run's: what is left to do is read again.
        await Promise.all([get().load(), get().loadHistory(id), get().plan(id)]);
      } catch (error) {
        runFailed(id, error);
      } finally {
        starting(id, false);
        set((s) => ({ progress: without(s.progress, id) }));
      }
    },
    async loadHistory(id) {
      try {
        const { runs } = await call('feeds:history', { id });
        set((s) => ({ history: { ...s.history, [id]: runs } }));
      } catch (error) {
        runFailed(id, error);
      }
    },
    async retry(feedId, runId, reference) {
      starting(feedId, true);
      set((s) => ({ runFailure: without(s.runFailure, feedId) }));
      try {
        await call('feeds:retry', { runId, ...(reference ? { reference } : {}) });
        await Promise.all([get().load(), get().loadHistory(feedId)]);
      } catch (error) {
        runFailed(feedId, error);
      } finally {
        starting(feedId, false);
        set((s) => ({ progress: without(s.progress, feedId) }));
      }
    },
    async approveHeld(feedId, runId) {
      const approved = await call('feeds:approve-held', { runId });
      await Promise.all([get().load(), get().loadHistory(feedId)]);
      return approved;
    },
    changed(ids) {
      void get().load();
      // The feed on screen shows its runs: a run of the schedule or the command line appears in them.
      const { screen } = get();
      if (screen.kind === 'feed' && ids.includes(screen.id)) void get().loadHistory(screen.id);
    },
    progressed(progress) {
      // A run started by the schedule or the command line shows here too; its end reloads the history.
      if (progress.phase === 'done') {
        set((s) => ({ progress: without(s.progress, progress.feedId) }));
        void get().loadHistory(progress.feedId);
        return;
      }
      set((s) => ({ progress: { ...s.progress, [progress.feedId]: progress } }));
    },
  };
});
