// How a desk hears of the team's approvals (issue 37.4): the session's one LISTEN connection tells of
// each request asked or decided (its id) and, from migration 8, of each change of the owner's rule
// (RULE_NOTICE and the account), on APPROVALS_CHANNEL. Followed on the desk's session of now, taken
// up again when that session changed (a join, a restart of the sharing); when the LISTEN connection
// reopens, a notice it missed meanwhile is made up for by reading everything again.
import type pg from 'pg';
import { APPROVALS_CHANNEL, RULE_NOTICE } from '../schema';

/** What the approvals need of the desk's session while it is in a team. */
export interface ApprovalsSession {
  pool: pg.Pool;
  membership: { deskId: string };
  onNotice(listener: (channel: string, payload: string) => void): () => void;
  /** Told each time the desk's LISTEN connection (re)opens: what it missed is to be read now. */
  onListen?(listener: () => void): () => void;
}

export interface ApprovalsFollower {
  /** Listens on the session of now (again when it changed since); nothing while the desk is alone. */
  follow(): void;
  /** Stops listening for good. */
  close(): void;
}

export function approvalsFollower(options: {
  session(): ApprovalsSession | undefined;
  /** Anything may have changed: a request, the owner's rule, or a notice missed. */
  onChange?(): void;
  /** A request asked for or decided, by id. */
  onRequest(session: ApprovalsSession, id: string): void;
}): ApprovalsFollower {
  let unlisten: (() => void) | undefined;
  let listening: ApprovalsSession | undefined;
  let closed = false;
  const stop = () => {
    unlisten?.();
    unlisten = undefined;
    listening = undefined;
  };
  return {
    follow() {
      const current = options.session();
      if (closed || current === listening) return;
      stop();
      if (!current) return;
      listening = current;
      const stopNotices = current.onNotice((channel, payload) => {
        if (channel !== APPROVALS_CHANNEL) return;
        options.onChange?.();
        // The owner's rule for an account: the window reads the rules again; no request to read.
        if (!payload.startsWith(RULE_NOTICE)) options.onRequest(current, payload);
      });
      const stopListen = current.onListen?.(() => options.onChange?.());
      unlisten = () => {
        stopNotices();
        stopListen?.();
      };
    },
    close() {
      closed = true;
      stop();
    },
  };
}
