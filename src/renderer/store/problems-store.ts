// Files main moved aside because they did not parse: shown in the frame until the seller dismisses
// each one. Main keeps the list (and the dismissals, across restarts); this mirrors it.
import { create } from 'zustand';
import type { AppProblem } from '../../shared/ipc/types';
import { call } from '../ipc/client';

interface ProblemsStore {
  problems: AppProblem[];
  /** The last dismiss that failed, in words (a full disk cannot store the dismissal). */
  error?: string;
  load(): Promise<void>;
  set(problems: AppProblem[]): void;
  dismiss(id: string): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useProblemsStore = create<ProblemsStore>((set) => ({
  problems: [],
  async load() {
    try {
      set({ problems: (await call('app:problems')).problems });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  set: (problems) => set({ problems }),
  async dismiss(id) {
    try {
      set({ problems: (await call('app:dismiss-problem', { id })).problems, error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
}));
