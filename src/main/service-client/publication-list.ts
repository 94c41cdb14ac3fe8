// The read of all publications of a listing: the spec names it ("including their imprints and
// statuses") but shows neither its path nor its shape. The client asks GET
// /v1/listings/{uuid}/publications and takes what comes: a bare array, or an object holding one array
// of publication-like items (`{publications: [...]}`, `{items: [...]}`, `{content: [...]}` ...). Items
// need a `uuid`; every other field is optional, and an item without a uuid is skipped, never allowed
// to hide the others.
import { ServiceError } from './errors';
import type { RawResponse } from './http';
import { invalidResponseMessage } from './messages';

/** One publication as the list read shows it; only `uuid` is sure to be there. */
export interface PublicationSummary {
  uuid: string;
  requestedState?: string;
  actualState?: string;
  adId?: number | null;
  imprintUuid?: string;
}

/** The publications in a 2xx answer of the list read, or a ServiceError 'invalid-response'. */
export function parsePublicationList(response: RawResponse): PublicationSummary[] {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  const items = itemsOf(json);
  if (items === null) {
    throw new ServiceError({
      operation: 'listPublications',
      problem: 'invalid-response',
      status: response.status,
      message: invalidResponseMessage('listPublications', response.status, { why: 'noPublications' }),
    });
  }
  return items.flatMap((item) => {
    const summary = summaryOf(item);
    return summary ? [summary] : [];
  });
}

// The array itself, or the one property of an object whose value is an array of objects with a uuid
// (an empty array counts when it is the only array there).
function itemsOf(json: unknown): unknown[] | null {
  if (Array.isArray(json)) return json;
  if (json === null || typeof json !== 'object') return null;
  const arrays = Object.values(json).filter((value): value is unknown[] => Array.isArray(value));
  const withUuids = arrays.find((array) => array.some((item) => summaryOf(item) !== null));
  if (withUuids) return withUuids;
  return arrays.length === 1 && arrays[0]!.length === 0 ? [] : null;
}

function summaryOf(item: unknown): PublicationSummary | null {
  if (item === null || typeof item !== 'object') return null;
  const value = item as Record<string, unknown>;
  if (typeof value.uuid !== 'string' || value.uuid === '') return null;
  const text = (key: string) => (typeof value[key] === 'string' ? { [key]: value[key] } : {});
  return {
    uuid: value.uuid,
    ...text('requestedState'),
    ...text('actualState'),
    ...text('imprintUuid'),
    ...((typeof value.adId === 'number' || value.adId === null) && { adId: value.adId }),
  };
}
