// What a publication's states say to the seller. The spec names only `PUBLISHED`; every other value
// is shown as it comes. A state whose name says the service turned the ad down (REJECTED, DECLINED,
// FAILED, ...) ends the tracking as "rejected", so that the seller hears of it instead of the app
// polling a verdict for ever; any other value is tracked until it equals the requested state.

const REJECTION = /REJECT|DECLIN|DENIE|REFUS|FAIL|ERROR|INVALID|BLOCK/i;
const REASON_KEY = /reason|message|detail|error|cause/i;

/** True when a publication state's name says the ad was turned down. */
export function isRejectedState(state: string): boolean {
  return REJECTION.test(state);
}

/** The first text field of a publication record that reads like the reason for its state, if any. */
export function rejectionReasonOf(publication: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(publication)) {
    if (REASON_KEY.test(key) && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}
