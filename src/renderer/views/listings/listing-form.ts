// The live-ad edit form as plain text fields, and the update it makes: only the fields whose value
// differs from the listing as the service has it (the spec's update takes each field optionally).
import type { ListingPatch } from '../../../shared/domain/live';
import { parsePriceAmount } from '../../../shared/domain/draft-validation';
import type { ListingView } from '../../../shared/ipc/types';

export interface ListingForm {
  title: string;
  category: string;
  description: string;
  price: string;
  priceType: string;
  adType: string;
  email: string;
  phoneNumber: string;
  contactPerson: string;
  /** One attribute per line: `name = value`. */
  attributes: string;
}

export type FormProblem = 'price' | 'attributes';

/** The form filled from the listing. */
export function formOf(listing: ListingView, language: string): ListingForm {
  return {
    title: listing.title,
    category: listing.category,
    description: listing.description,
    price: listing.adPrice.amount.toLocaleString(language, { useGrouping: false, maximumFractionDigits: 2 }),
    priceType: listing.adPrice.type,
    adType: listing.adType,
    email: listing.email,
    phoneNumber: listing.phoneNumber ?? '',
    contactPerson: listing.contactPerson ?? '',
    attributes: Object.entries(listing.attributes)
      .map(([key, value]) => `${key} = ${value}`)
      .join('\n'),
  };
}

function parseAttributes(text: string): Record<string, string> | null {
  const attributes: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    if (at <= 0) return null;
    const key = line.slice(0, at).trim();
    if (key === '') return null;
    attributes[key] = line.slice(at + 1).trim();
  }
  return attributes;
}

const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The changed fields, or what in the form cannot be read. */
export function patchOf(
  listing: ListingView,
  form: ListingForm,
): { patch: ListingPatch; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const patch: ListingPatch = {};
  const text = (key: 'title' | 'category' | 'description' | 'adType' | 'email') => {
    if (form[key].trim() !== listing[key]) patch[key] = form[key].trim();
  };
  text('title');
  text('category');
  text('description');
  text('adType');
  text('email');
  const optional = (key: 'phoneNumber' | 'contactPerson') => {
    const value = form[key].trim() === '' ? null : form[key].trim();
    if (value !== (listing[key] ?? null)) patch[key] = value;
  };
  optional('phoneNumber');
  optional('contactPerson');
  const amount = parsePriceAmount(form.price);
  if (!amount.ok) problems.push('price');
  else if (amount.value !== listing.adPrice.amount || form.priceType.trim() !== listing.adPrice.type)
    patch.price = { type: form.priceType.trim(), amount: amount.value };
  const attributes = parseAttributes(form.attributes);
  if (!attributes) problems.push('attributes');
  else if (!sameRecord(attributes, listing.attributes)) patch.attributes = attributes;
  return { patch, problems };
}
