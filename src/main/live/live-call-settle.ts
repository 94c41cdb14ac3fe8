// The outcome of a call that changed a live ad, read back from the service (issue 37.5): for a call
// whose desk was killed, or whose answer was lost, before its row of the activity log was written.
// A pause or resume landed when the publication asks for that state; an end when the listing is
// gone; a live change when the listing holds every value sent.
import { createHash } from 'node:crypto';
import type { LiveCall } from '../ports/live-calls';
import { ServiceError } from '../service-client';
import type { LiveContext } from './live-context';

/** The leaves of `value` by path (`adPrice.amount`); arrays are leaves. */
function leaves(value: unknown, prefix = ''): string[] {
  if (value === undefined) return [];
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix] : [];
}

const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((inner, key) => (inner as Record<string, unknown> | null | undefined)?.[key], value);

/** One digest of `source`'s values at `fields` (a cleared text reads as ''). */
export function valuesDigest(source: unknown, fields: readonly string[]): string {
  const hash = createHash('sha256');
  for (const field of fields) {
    const value = at(source, field);
    hash.update(`${field}=${JSON.stringify(value === null || value === undefined ? '' : value)}\n`);
  }
  return hash.digest('base64url');
}

/** What a live change's record keeps of the values it sends: their paths and one digest. */
export function sentValues(values: Record<string, unknown>): { fields: string[]; digest: string } {
  const fields = leaves(values).sort();
  return { fields, digest: valuesDigest(values, fields) };
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
      const fields = call.fields ?? [];
      // The request's `price` is the listing's `adPrice`.
      const landed = valuesDigest({ ...listing, price: listing.adPrice }, fields) === call.digest;
      return landed ? { fields: [...new Set(fields.map((field) => field.split('.')[0]))], ...settled } : null;
    }
  }
}
