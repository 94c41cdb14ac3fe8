// The outcome of a call that changed a live ad, read back from the service (issue 37.5): for a call
// whose desk was killed, or whose answer was lost, before its row of the activity log was written.
// A pause or resume landed when the publication asks for that state; an end when the listing is
// gone; a live change when the listing holds every value sent.
import type { LiveCall } from '../ports/live-calls';
import { ServiceError } from '../service-client';
import type { LiveContext } from './live-context';

/** Whether `have` holds `want` (objects: every key of `want`; a cleared text reads as ''). */
function holds(have: unknown, want: unknown): boolean {
  if (want !== null && typeof want === 'object' && !Array.isArray(want))
    return Object.entries(want).every(([key, value]) =>
      holds((have as Record<string, unknown> | null | undefined)?.[key], value),
    );
  const plain = (value: unknown) => JSON.stringify(value === null || value === undefined ? '' : value);
  return plain(have) === plain(want);
}

const gone = (error: unknown) => error instanceof ServiceError && error.problem === 'not-found';

/**
 * What the call changed as its row says it (with `settled: 'read back'`), or null when the ad
 * shows it did not land. Throws when the service cannot be read now (settled later).
 */
export async function settleLiveCall(
  ctx: Pick<LiveContext, 'clientOf' | 'publications'>,
  call: LiveCall,
): Promise<Record<string, unknown> | null> {
  const { client } = ctx.clientOf(call.account);
  const settled = { settled: 'read back' };
  switch (call.kind) {
    case 'pause':
    case 'resume': {
      const view = await ctx.publications.get(client, call.ad, call.publication ?? '');
      return view.requestedState === call.state
        ? { publication: call.publication, state: call.state, ...settled }
        : null;
    }
    case 'end': {
      try {
        await client.getListing(call.ad);
      } catch (error) {
        if (gone(error)) return { outcome: 'deleted', ...(call.sold && { sold: true }), ...settled };
        throw error;
      }
      return null;
    }
    case 'live-change': {
      const listing = await client.getListing(call.ad);
      const values = call.values ?? {};
      return holds(listing, values) ? { fields: Object.keys(values), ...settled } : null;
    }
  }
}
