// Bulk edits (issue 17.4): one change applied to many drafts or live listings at once. The edit
// model, its pure application to an ad's fields, and the before/after row of each ad. Prices are
// worked in whole cents so that "+10 %, rounded to .99" gives the same answer on every machine.
import { z } from 'zod';
import type { ServiceProblem } from '../../service/service-problem';
import type { Draft } from '../drafts';
import { draftLimits, isPlausibleEmail, parsePriceAmount, validateDraft, type DraftIssue } from '../drafts';
import { priceRoundings, roundCents } from '../price-rules';

// A price edit rounds as a price rule does: the roundings live below both, named here for the edit's callers.
export { priceRoundings, roundCents, type PriceRounding } from '../price-rules';

const text = (max: number) => z.string().max(max);

/** What one bulk edit changes. */
export const bulkEditSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('price'),
      /** 'set': the price becomes `value` euros; 'percent': it changes by `value` per cent (may be negative). */
      mode: z.enum(['set', 'percent']),
      value: z.number().finite().min(-100).max(100_000_000),
      rounding: z.enum(priceRoundings),
    })
    .strict(),
  z
    .object({
      kind: z.literal('contact'),
      email: text(320).optional(),
      phoneNumber: text(100).optional(),
      contactPerson: text(200).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('imprint'), imprintUuid: text(200) }).strict(),
  z
    .object({
      kind: z.literal('location'),
      street: text(300).optional(),
      city: text(200).optional(),
      district: text(200).optional(),
      postalCode: text(20).optional(),
      availabilityRadiusInKm: z.int().min(1).max(2_147_483_647).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('attribute'),
      name: text(200).refine((name) => name.trim() !== '', { message: 'must not be empty' }),
      /** null removes the attribute. */
      value: text(1000).nullable(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('description'),
      /** 'append': the block goes at the end (once); 'replace': `find` becomes the block (all of it when `find` is empty). */
      mode: z.enum(['append', 'replace']),
      block: text(20_000),
      find: text(20_000).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('category'),
      /** The path the drafts get (`Familie_Kind_Baby/Spielzeug`). */
      path: text(300).refine((path) => path.trim() !== '', { message: 'must not be empty' }),
      /** For a kind (issue 33.2): the attribute it sets, e.g. `art` = `lego_duplo`. */
      attribute: z
        .object({ key: text(200), value: text(1000) })
        .strict()
        .optional(),
    })
    .strict(),
  // Issue 37.4: an approved request (a live change, pause or end) as the one-ad job that carries it
  // out; made by the approval only (the bulk dialogs never offer it, and planned it is 'not-for-live').
  z
    .object({
      kind: z.literal('request'),
      request: text(200),
      asked: z.enum(['change', 'pause', 'end']),
    })
    .strict(),
]);
export type BulkEdit = z.infer<typeof bulkEditSchema>;
export type BulkEditKind = BulkEdit['kind'];

/** The kinds a live listing takes (location and imprint go to each of its publications). */
export const LIVE_BULK_KINDS: readonly BulkEditKind[] = [
  'price',
  'contact',
  'imprint',
  'location',
  'attribute',
  'description',
];

/** The kinds that change a live listing's publications rather than the listing. */
export const PUBLICATION_BULK_KINDS: readonly BulkEditKind[] = ['imprint', 'location'];

/** Why an ad is left out of a bulk edit (the UI words each code). */
export type BulkSkipReason =
  | 'no-price'
  | 'price-zero'
  | 'price-too-high'
  | 'email-invalid'
  | 'not-for-live'
  | 'imprint-required'
  | 'no-publications'
  | 'publishing'
  | 'becomes-invalid';

/** One value's change, for the preview table. Prices as decimal text with two places ("21.99"). */
export interface BulkChange {
  /** 'category', 'price', 'email', 'phoneNumber', 'contactPerson', 'imprint', 'street', 'city', 'district', 'postalCode', 'radius', 'attribute', 'description'. */
  field: string;
  /** The attribute's name, for field 'attribute'. */
  name?: string;
  before: string | null;
  after: string | null;
  /** The value before is not known (a live publication's location and imprint are not read back). */
  beforeUnknown?: boolean;
}

/** How the edit stands for one ad. */
export interface BulkRowPlan {
  id: string;
  title: string;
  /** 'change': applied; 'same': nothing would change; 'invalid': left out, see `reason` and `issues`. */
  outcome: 'change' | 'same' | 'invalid';
  changes: BulkChange[];
  reason?: BulkSkipReason;
  /** For 'becomes-invalid': the draft issues the change would bring. */
  issues?: DraftIssue[];
  /** The ad could not be read (live listings). */
  failure?: ServiceProblem;
}

const MAX_CENTS = 100_000_000 * 100;

/** The new price in cents of a price `amount` (euros) under a price edit. */
export function newPriceCents(
  amount: number | null,
  edit: Extract<BulkEdit, { kind: 'price' }>,
): number | null {
  if (edit.mode === 'set') return roundCents(Math.round(edit.value * 100), edit.rounding);
  if (amount === null) return null;
  const cents = Math.round(amount * 100);
  return roundCents(Math.round((cents * (100 + edit.value)) / 100), edit.rounding);
}

/** Cents as the decimal text the service and the preview use ("21.99"). */
export function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

function amountOf(raw: number | string | null): number | null {
  const parsed = parsePriceAmount(raw);
  return parsed.ok ? parsed.value : null;
}

function priceText(raw: number | string | null): string | null {
  const amount = amountOf(raw);
  if (amount !== null) return centsText(Math.round(amount * 100));
  return raw === null ? null : String(raw);
}

/** The description with the edit's block appended (once) or put in place of `find`. */
export function editedDescription(
  description: string,
  edit: Extract<BulkEdit, { kind: 'description' }>,
): string {
  const block = edit.block.trim();
  if (edit.mode === 'append') {
    // Appending is done once: a description that already ends with the block stays as it is.
    if (block === '' || description.trimEnd().endsWith(block)) return description;
    const head = description.trimEnd();
    return head === '' ? block : `${head}\n\n${block}`;
  }
  const find = edit.find ?? '';
  if (find === '') return edit.block;
  return description.split(find).join(edit.block);
}

type Result = { draft: Draft; reason?: BulkSkipReason };

/** The draft's fields after the edit (nothing else of the draft changes), or why it cannot be. */
/** The edit applied to one draft's fields (or why it was left out); shared with bulk-edit-listings.ts. */
export function applyToDraft(draft: Draft, edit: BulkEdit): Result {
  switch (edit.kind) {
    case 'price': {
      const amount = amountOf(draft.price.amount);
      const cents = newPriceCents(amount, edit);
      if (cents === null) return { draft, reason: 'no-price' };
      if (cents > MAX_CENTS) return { draft, reason: 'price-too-high' };
      if (cents <= 0 && (amount === null || amount > 0)) return { draft, reason: 'price-zero' };
      // Unchanged in value: the typed text ("12,50") stays as the seller wrote it.
      if (amount !== null && Math.round(amount * 100) === cents) return { draft };
      return { draft: { ...draft, price: { ...draft.price, amount: cents / 100 } } };
    }
    case 'contact': {
      if (edit.email !== undefined && !isPlausibleEmail(edit.email))
        return { draft, reason: 'email-invalid' };
      const next = { ...draft };
      if (edit.email !== undefined) next.email = edit.email.trim();
      if (edit.phoneNumber !== undefined) next.phoneNumber = edit.phoneNumber.trim() || null;
      if (edit.contactPerson !== undefined) next.contactPerson = edit.contactPerson.trim() || null;
      return { draft: next };
    }
    case 'imprint':
      return {
        draft: {
          ...draft,
          publication: { ...draft.publication, imprintUuid: edit.imprintUuid.trim() || null },
        },
      };
    case 'location': {
      const publication = { ...draft.publication };
      if (edit.street !== undefined) publication.street = edit.street.trim();
      if (edit.city !== undefined) publication.city = edit.city.trim();
      if (edit.district !== undefined) publication.district = edit.district.trim() || null;
      if (edit.postalCode !== undefined) publication.postalCode = edit.postalCode.trim();
      if (edit.availabilityRadiusInKm !== undefined)
        publication.availabilityRadiusInKm = edit.availabilityRadiusInKm;
      return { draft: { ...draft, publication } };
    }
    case 'attribute': {
      const attributes = { ...draft.attributes };
      const name = edit.name.trim();
      if (edit.value === null) delete attributes[name];
      else attributes[name] = edit.value.trim();
      return { draft: { ...draft, attributes } };
    }
    case 'description':
      return { draft: { ...draft, description: editedDescription(draft.description, edit) } };
    case 'category': {
      const attributes = { ...draft.attributes };
      const key = edit.attribute?.key.trim();
      if (edit.attribute && key) attributes[key] = edit.attribute.value.trim();
      return { draft: { ...draft, category: edit.path.trim(), attributes } };
    }
    case 'request':
      return { draft, reason: 'not-for-live' };
  }
}

const PUBLICATION_FIELDS = [
  ['street', 'street'],
  ['city', 'city'],
  ['district', 'district'],
  ['postalCode', 'postalCode'],
  ['radius', 'availabilityRadiusInKm'],
  ['imprint', 'imprintUuid'],
] as const;

const shown = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The values that differ between a draft and its edited copy, in the preview's words. */
/** What differs between two versions of an ad, field by field. */
export function changesOf(before: Draft, after: Draft): BulkChange[] {
  const out: BulkChange[] = [];
  if (before.category.trim() !== after.category.trim())
    out.push({
      field: 'category',
      before: shown(before.category.trim()),
      after: shown(after.category.trim()),
    });
  if (after.price.amount !== before.price.amount)
    out.push({
      field: 'price',
      before: priceText(before.price.amount),
      after: priceText(after.price.amount),
    });
  for (const field of ['email', 'phoneNumber', 'contactPerson'] as const)
    if (shown(before[field]) !== shown(after[field]))
      out.push({ field, before: shown(before[field]), after: shown(after[field]) });
  for (const [field, key] of PUBLICATION_FIELDS)
    if (shown(before.publication[key]) !== shown(after.publication[key]))
      out.push({ field, before: shown(before.publication[key]), after: shown(after.publication[key]) });
  const names = new Set([...Object.keys(before.attributes), ...Object.keys(after.attributes)]);
  for (const name of names)
    if (before.attributes[name] !== after.attributes[name])
      out.push({
        field: 'attribute',
        name,
        before: before.attributes[name] ?? null,
        after: after.attributes[name] ?? null,
      });
  if (before.description !== after.description)
    out.push({ field: 'description', before: before.description, after: after.description });
  return out;
}

const issueKey = (issue: DraftIssue) => `${issue.field}|${issue.code}`;

/**
 * The plan of one draft under the edit and the draft as it would be saved. A draft that would gain
 * a problem it does not have now (a too-long description, an attribute too many) is left out.
 */
export function planDraft(draft: Draft, edit: BulkEdit): { plan: BulkRowPlan; draft: Draft } {
  const title = draft.title;
  const { draft: after, reason } = applyToDraft(draft, edit);
  if (reason) return { plan: { id: draft.id, title, outcome: 'invalid', changes: [], reason }, draft };
  const changes = changesOf(draft, after);
  if (changes.length === 0) return { plan: { id: draft.id, title, outcome: 'same', changes }, draft };
  const had = new Set(validateDraft(draft).map(issueKey));
  const issues = validateDraft(after).filter((issue) => !had.has(issueKey(issue)));
  if (issues.length > 0)
    return {
      plan: { id: draft.id, title, outcome: 'invalid', changes, reason: 'becomes-invalid', issues },
      draft,
    };
  return { plan: { id: draft.id, title, outcome: 'change', changes }, draft: after };
}

/** The limit of the description, for the dialog's field. */
export const BULK_DESCRIPTION_MAX = draftLimits.description;
