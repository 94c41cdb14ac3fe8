// The contract's part of an account's pace (issue 36.2): while the service asks an account to slow
// down (a 429, or a 503 with Retry-After), the window says so where publishing progress is shown,
// with the time the calls go on.
import { channel, noInput } from './channel';

/** An account whose calls the app holds because the service asked it to slow down. */
export interface PaceHold {
  accountId: string;
  accountName: string;
  /** When the held calls go on (ISO 8601). */
  until: string;
}

/** Every account held now. */
export interface PaceHolds {
  holds: PaceHold[];
}

export const paceChannels = {
  /** The accounts held now (then `pace:changed` tells each change). */
  'pace:holds': channel<PaceHolds>()(noInput),
};
