import type { PaceHolds } from '../../../shared/ipc/contract-pace';
import type { Handlers } from '../router';

/** Handler of `pace:holds`: the accounts the service asked to slow down now. */
export function paceHandlers(paceHolds: { holds(): PaceHolds }): Pick<Handlers, 'pace:holds'> {
  return { 'pace:holds': () => paceHolds.holds() };
}
