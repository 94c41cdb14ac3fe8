// Quirks: one knob per point the spec leaves "not shown", so tests can try each variant the real
// service might have. Defaults follow the spec's samples where it has any.
import { checkLateFinish, ON_TIME, type LateFinish } from './late-finish';

/** How the Authorization header must carry the token: `Bearer <token>`, the bare token, or either. */
export type AuthScheme = 'bearer' | 'bare' | 'both';

/**
 * An operation the spec does not list but the service behind it documents: offered ('on'), or
 * answered as a service without it would: 404 (unknown route), 405 (method not allowed) or 501.
 */
export type Offered = 'on' | 404 | 405 | 501;

/** The values of an `Offered` quirk. */
export const OFFERED_VALUES: readonly Offered[] = ['on', 404, 405, 501];

/** Sandbox behaviour for the spec's open points; every field can be changed at run time. */
export interface Quirks {
  /** Accepted Authorization forms (samples show the bare token; default: both). */
  authScheme: AuthScheme;
  /**
   * Status of PUT listing (row 5), DELETE media (row 8), DELETE listing and a publication's state
   * change: 200 with the listing (or publication) as body, or 204.
   */
  updateResponse: 200 | 204;
  /** Whether a publication create request without `district` is rejected with 400 Missing data. */
  districtRequired: boolean;
  /** The listing's `category` in responses: the full slash path, or its last segment (as the sample). */
  categoryResponse: 'path' | 'last-segment';
  /** Names of the non-final publication states (only `PUBLISHED` is given by the spec). */
  stateNames: { pending: string; rejected: string };
  /**
   * The read of a listing's publications (named by the spec without path or shape): answered as a
   * bare array, as `{publications: [...]}`, or not offered at all (404 as for an unknown route).
   */
  publicationsRead: 'array' | 'object' | 'off';
  /**
   * Items of `GET /v1/listings`: all well formed, or followed by two the schema does not accept (one
   * with a uuid but missing and wrongly typed fields, one without a uuid), as a careless server sends.
   */
  listItems: 'normal' | 'odd';
  /** Whether a publication read carries `requestedState` and `actualState` (absent: a server that
   * does not report them, at least not yet). */
  publicationStates: 'present' | 'absent';
  /** `DELETE /v1/listings/{uuid}` (not in the spec's table). */
  listingDelete: Offered;
  /** `PUT /v1/listings/{uuid}/publications/{publicationUuid}/state?requestedState=PAUSED|RESUMED`. */
  publicationStateChange: Offered;
  /**
   * The valid category paths are not shown: any path of non-blank names (`any`), or only the paths of
   * the marketplace's catalog (`catalog`), a create or update with another one answered 400 Failed to
   * read request, as the real service answers a path it does not know (issue 33.5).
   */
  categoryPaths: CategoryPaths;
  /**
   * The valid attribute values are not shown: any (`any`), or a select's value must be one of the
   * catalog's options for the listing's category, for every key (`catalog`) or only the keys listed.
   * The catalog's lists are incomplete (they hold the values that had listings), so this is asked for
   * by key, and off by default even where paths are checked. A key the category does not list passes.
   */
  attributeValues: AttributeValues;
  /** Creates finished late, past the client's timeout (late-finish.ts); default: on time. */
  lateFinish: LateFinish;
}

/** The `categoryPaths` quirk. */
export type CategoryPaths = 'any' | 'catalog';

/** The `attributeValues` quirk: any value, the catalog's options for every select, or for these keys. */
export type AttributeValues = 'any' | 'catalog' | readonly string[];

/** A change to the quirks; `stateNames` may name one of the two states only. */
export type QuirksPatch = Partial<Omit<Quirks, 'stateNames' | 'lateFinish'>> & {
  stateNames?: Partial<Quirks['stateNames']>;
  lateFinish?: Partial<LateFinish>;
};

/** Quirks used when none are given. */
export const DEFAULT_QUIRKS: Readonly<Quirks> = Object.freeze({
  authScheme: 'both',
  updateResponse: 200,
  districtRequired: false,
  categoryResponse: 'last-segment',
  stateNames: Object.freeze({ pending: 'PENDING_VALIDATION', rejected: 'REJECTED' }),
  publicationsRead: 'array',
  listItems: 'normal',
  publicationStates: 'present',
  listingDelete: 'on',
  publicationStateChange: 'on',
  categoryPaths: 'any',
  attributeValues: 'any',
  lateFinish: ON_TIME,
});

/** Returns `base` with `patch` applied, rejecting values the sandbox cannot honour. */
export function applyQuirks(base: Quirks, patch: QuirksPatch): Quirks {
  const next: Quirks = {
    authScheme: patch.authScheme ?? base.authScheme,
    updateResponse: patch.updateResponse ?? base.updateResponse,
    districtRequired: patch.districtRequired ?? base.districtRequired,
    categoryResponse: patch.categoryResponse ?? base.categoryResponse,
    stateNames: { ...base.stateNames, ...patch.stateNames },
    publicationsRead: patch.publicationsRead ?? base.publicationsRead,
    listItems: patch.listItems ?? base.listItems,
    publicationStates: patch.publicationStates ?? base.publicationStates,
    listingDelete: patch.listingDelete ?? base.listingDelete,
    publicationStateChange: patch.publicationStateChange ?? base.publicationStateChange,
    categoryPaths: patch.categoryPaths ?? base.categoryPaths,
    attributeValues: patch.attributeValues ?? base.attributeValues,
    lateFinish: checkLateFinish({ ...base.lateFinish, ...patch.lateFinish }),
  };
  if (!['any', 'catalog'].includes(next.categoryPaths))
    throw new Error(`bad categoryPaths ${String(next.categoryPaths)}`);
  const values = next.attributeValues;
  if (
    !(values === 'any' || values === 'catalog') &&
    !(Array.isArray(values) && values.every((key) => typeof key === 'string' && key.trim() !== ''))
  )
    throw new Error(`bad attributeValues ${JSON.stringify(values)}`);
  for (const name of ['listingDelete', 'publicationStateChange'] as const) {
    if (!OFFERED_VALUES.includes(next[name])) throw new Error(`bad ${name} ${String(next[name])}`);
  }
  if (!['normal', 'odd'].includes(next.listItems)) throw new Error(`bad listItems ${String(next.listItems)}`);
  if (!['present', 'absent'].includes(next.publicationStates)) {
    throw new Error(`bad publicationStates ${String(next.publicationStates)}`);
  }
  if (!['array', 'object', 'off'].includes(next.publicationsRead)) {
    throw new Error(`bad publicationsRead ${String(next.publicationsRead)}`);
  }
  if (!['bearer', 'bare', 'both'].includes(next.authScheme))
    throw new Error(`bad authScheme ${next.authScheme}`);
  if (next.updateResponse !== 200 && next.updateResponse !== 204) {
    throw new Error(`bad updateResponse ${String(next.updateResponse)}`);
  }
  if (!['path', 'last-segment'].includes(next.categoryResponse)) {
    throw new Error(`bad categoryResponse ${next.categoryResponse}`);
  }
  const { pending, rejected } = next.stateNames;
  // A state named PUBLISHED, or both states named alike, would make the timeline unobservable.
  if (!pending || !rejected || pending === rejected || [pending, rejected].includes('PUBLISHED')) {
    throw new Error(`bad stateNames ${JSON.stringify(next.stateNames)}`);
  }
  return next;
}
