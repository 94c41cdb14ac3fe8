// Whether the web shell's socket is gone, and why: the frame shows it to the seller at once, not
// only when the next call fails.
import { create } from 'zustand';

/** Why the connection ended: a message was too big for main, or anything else (main stopped). */
export type ConnectionLoss = 'too-big' | 'lost';

interface ConnectionState {
  lost: ConnectionLoss | null;
  setLost(loss: ConnectionLoss): void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  lost: null,
  setLost: (lost) => set({ lost }),
}));
