// The fields of a draft as the shop's merge sees them (issue 24.4): each a path that one desk can
// change apart from another. The listing fields are those live-merge.ts merges with the live ad;
// the price and the place split into their parts and the attributes into their keys, because a
// seller who changes the price type and another who changes the amount both meant their change.
// Pure.
import stringify from 'safe-stable-stringify';
import type { Draft, DraftPublication } from '../drafts';
import {
  type ListingField,
  type LiveValue,
  PUBLICATION_PARTS,
  WHOLE_LISTING_FIELDS,
  type WholeListingField,
  sameValue,
} from '../live';

/** A field's value as merged; undefined: an attribute the draft does not have. */
export type ShopValue = LiveValue | number | undefined;

/** What a field's value is read from: a stored draft, or the fields the editor saves (no account). */
type FieldSource = Pick<Draft, ListingField | 'publication'> & { accountId?: Draft['accountId'] };

/** Attribute `key`'s field path. */
export const attributeField = (key: string) => `attributes.${key}`;

/** Every field path of the draft whose value the merge compares (the photos aside). */
export function shopFieldsOf(...drafts: readonly Pick<Draft, 'attributes'>[]): string[] {
  const keys = new Set(drafts.flatMap((draft) => Object.keys(draft.attributes)));
  return [
    'accountId',
    ...WHOLE_LISTING_FIELDS,
    'price.type',
    'price.amount',
    ...PUBLICATION_PARTS.map((part) => `publication.${part}`),
    ...[...keys].sort().map(attributeField),
  ];
}

/** The draft's value of field `path` (see shopFieldsOf). */
export function shopValueOf(draft: FieldSource, path: string): ShopValue {
  if (path.startsWith('attributes.')) return draft.attributes[path.slice('attributes.'.length)];
  if (path === 'price.type') return draft.price.type;
  if (path === 'price.amount') return draft.price.amount;
  if (path.startsWith('publication.')) return draft.publication[path.slice(12) as keyof DraftPublication];
  if (path === 'accountId') return draft.accountId;
  return draft[path as WholeListingField];
}

/** The draft with `value` in field `path` (an attribute without a value is removed). */
export function withShopValue(draft: Draft, path: string, value: ShopValue): Draft {
  if (path.startsWith('attributes.')) {
    const key = path.slice('attributes.'.length);
    const { [key]: _was, ...rest } = draft.attributes;
    return { ...draft, attributes: typeof value === 'string' ? { ...rest, [key]: value } : rest };
  }
  if (path === 'price.type') return { ...draft, price: { ...draft.price, type: value as string } };
  if (path === 'price.amount')
    return { ...draft, price: { ...draft.price, amount: value as string | number | null } };
  if (path.startsWith('publication.'))
    return { ...draft, publication: { ...draft.publication, [path.slice(12)]: value } };
  return { ...draft, [path]: value };
}

/** Whether the path names a field the merge knows (a pick for anything else is refused). */
export function isShopField(path: string): boolean {
  return (
    path === 'photoOrder' ||
    (path.startsWith('attributes.') && path.length > 'attributes.'.length) ||
    shopFieldsOf().includes(path)
  );
}

/** The same value (attributes whatever their key order; absent only equals absent). */
export function sameShopValue(a: ShopValue, b: ShopValue): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return sameValue(a, b);
}

/** The same JSON data whatever the order of keys (a row read back from the database reorders them). */
export function sameData(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** JSON with sorted keys: one text for one value, for comparing and ordering. */
export function canonical(value: unknown): string {
  return stringify(value) ?? 'undefined';
}
