// How a failed contract call shows in the live views and the bulk dialog: the problem code and the
// service's own words. Apart from live-store, which loads the photo upload's limits (the contract).
import { IpcError } from '../../shared/ipc/envelope';
import type { ServiceProblem } from '../../shared/ipc/types';

/** Why the last change failed: the problem code (null for none) and the service's own words. */
export interface LiveFailure extends Omit<ServiceProblem, 'problem'> {
  problem: string | null;
}

/** The likely cause of a refusal main found (issue 33.4), when it came in both languages. */
function likelyCause(value: unknown): { en: string; de: string } | undefined {
  const cause = value as { en?: unknown; de?: unknown } | null | undefined;
  return typeof cause?.en === 'string' && typeof cause.de === 'string'
    ? { en: cause.en, de: cause.de }
    : undefined;
}

/** The failure of a contract call in the form the live views show (problem code and the service's words). */
export function failureOf(error: unknown): LiveFailure {
  if (error instanceof IpcError) {
    const details = (error.details ?? {}) as Partial<Record<keyof ServiceProblem, unknown>>;
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    return {
      problem: text(details.problem) ?? null,
      message: error.message,
      ...(typeof details.status === 'number' && { status: details.status }),
      ...(text(details.title) && { title: text(details.title) }),
      ...(text(details.detail) && { detail: text(details.detail) }),
      ...(text(details.operation) && { operation: text(details.operation) }),
      ...(likelyCause(details.likelyCause) && { likelyCause: likelyCause(details.likelyCause) }),
    };
  }
  return { problem: null, message: error instanceof Error ? error.message : String(error) };
}
