// What an imported row would change in the draft (or live ad) that already has its reference, field
// by field, and whether the draft it leaves would be ready to publish. Pure: main reads the drafts.
import type { Draft, DraftInit } from '../drafts';
import { draftIssuesWithPhotos, newDraftIssues, parsePriceAmount, type DraftIssue } from '../drafts';
import type { ImportDraftFields, ImportFieldChange, ImportProblem, ImportValue } from './import';
import { PUBLICATION_PARTS, WHOLE_LISTING_FIELDS, fullCategory } from '../live';
import type { ListingView } from '../../service/listing';

/** The fields a row gives (its photos aside). */
export type RowFields = Omit<ImportDraftFields, 'photos'>;

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * The dotted paths a row sets: only what it has a value for. An empty cell leaves the draft's
 * value as it is (a re-import of a partly filled sheet never blanks a field the seller filled in).
 */
export function rowPaths(row: RowFields): string[] {
  const paths: string[] = [];
  for (const key of WHOLE_LISTING_FIELDS) if (given(row[key])) paths.push(key);
  if (given(row.price?.amount)) paths.push('price.amount');
  if (given(row.price?.type)) paths.push('price.type');
  for (const key of PUBLICATION_PARTS) if (given(row.publication?.[key])) paths.push(`publication.${key}`);
  for (const [key, value] of Object.entries(row.attributes ?? {}))
    if (given(value)) paths.push(`attributes.${key}`);
  return paths;
}

type Shape = Pick<Draft, 'price' | 'publication' | 'attributes'> & Record<string, unknown>;

/** The value at a dotted path of a draft or a draft's start. */
function valueAt(source: DraftInit | Draft, path: string): ImportValue {
  const s = source as Partial<Shape>;
  const [head, ...rest] = path.split('.');
  const key = rest.join('.');
  const read = (value: unknown): ImportValue => (value === undefined ? null : (value as ImportValue));
  if (head === 'price') return read(s.price?.[key as 'amount' | 'type']);
  if (head === 'publication') return read(s.publication?.[key as keyof Draft['publication']]);
  if (head === 'attributes') return read(s.attributes?.[key]);
  return read(s[head!]);
}

/** Two values the same for a seller: prices and radii as numbers, texts without outer spaces. */
export function sameValue(path: string, a: ImportValue, b: ImportValue): boolean {
  if (path === 'price.amount') {
    const x = parsePriceAmount(typeof a === 'boolean' ? null : a);
    const y = parsePriceAmount(typeof b === 'boolean' ? null : b);
    if (x.ok && y.ok) return x.value === y.value;
  }
  const norm = (v: ImportValue) => (v === null ? '' : String(v).trim());
  return norm(a) === norm(b);
}

/** The changes `init` (the row over the account's defaults) makes to `draft`, for the row's paths. */
export function draftChanges(draft: Draft, init: DraftInit, row: RowFields): ImportFieldChange[] {
  const changes: ImportFieldChange[] = [];
  for (const path of rowPaths(row)) {
    const before = valueAt(draft, path);
    const after = valueAt(init, path);
    if (!sameValue(path, before, after)) changes.push({ field: path, before, after });
  }
  return changes;
}

/** `draft` with the changed fields set to the row's values (photos are the intake's to change). */
export function applyChanges(draft: Draft, init: DraftInit, changes: readonly ImportFieldChange[]): Draft {
  const next: Draft = {
    ...draft,
    price: { ...draft.price },
    publication: { ...draft.publication },
    attributes: { ...draft.attributes },
  };
  for (const { field } of changes) {
    const [head, ...rest] = field.split('.');
    const key = rest.join('.');
    const value = valueAt(init, field);
    if (head === 'photos') continue;
    if (head === 'price') (next.price as Record<string, unknown>)[key] = value;
    else if (head === 'publication') (next.publication as Record<string, unknown>)[key] = value;
    else if (head === 'attributes') next.attributes[key] = String(value ?? '');
    else (next as unknown as Record<string, unknown>)[head!] = value;
  }
  return next;
}

/** The photos' change: the row's photo names against the draft's, in order; null when the same. */
export function photoChange(before: readonly string[], after: readonly string[]): ImportFieldChange | null {
  if (after.length === 0) return null;
  if (before.length === after.length && before.every((name, i) => name === after[i])) return null;
  return { field: 'photos', before: before.join(', '), after: after.join(', ') };
}

/**
 * How the row differs from a live ad: only the listing's own fields (a listing read carries no
 * location), the category by its last name (a service may show only that).
 */
export function listingChanges(listing: ListingView, init: DraftInit, row: RowFields): ImportFieldChange[] {
  const live: Record<string, ImportValue> = {
    title: listing.title,
    description: listing.description,
    category: fullCategory(listing.category, init.category),
    adType: listing.adType,
    email: listing.email,
    phoneNumber: listing.phoneNumber ?? null,
    customReference: listing.customReference ?? null,
    contactPerson: listing.contactPerson ?? null,
    buyNow: listing.buyNow ?? null,
    'price.amount': listing.adPrice.amount,
    'price.type': listing.adPrice.type,
  };
  const changes: ImportFieldChange[] = [];
  for (const path of rowPaths(row)) {
    const before = path.startsWith('attributes.')
      ? (listing.attributes[path.slice('attributes.'.length)] ?? null)
      : live[path];
    if (before === undefined) continue;
    const after = valueAt(init, path);
    if (!sameValue(path, before, after)) changes.push({ field: path, before, after });
  }
  return changes;
}

/** The reasons (the drafts' own rules) the draft would not be ready to publish, as row problems. */
export function readinessProblems(draft: Draft, photoCount: number): ImportProblem[] {
  return draftIssuesWithPhotos(draft, photoCount).map(notReadyProblem);
}

/** The reasons the new draft `init` makes would not be ready to publish, as row problems. */
export function readinessOfNew(init: DraftInit, photoCount: number): ImportProblem[] {
  return newDraftIssues(init, photoCount).map(notReadyProblem);
}

const notReadyProblem = (issue: DraftIssue): ImportProblem => ({
  code: 'not-ready',
  severity: 'warning',
  issue,
});
