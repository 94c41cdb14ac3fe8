// Prices as sellers type them and as sheets hold them: "1.249,00 €", "1.249", "12,5", "1,249.50",
// "EUR 99", "1 249,50", "1'249.50". One reader for the editor, the live edit form, the bulk edits
// and the import (issue 23.4), so a text means the same amount wherever it is typed or read.
//
// The rule that decides between a decimal mark and a thousands separator, for "." and "," alike:
// - A price has at most two decimals (cents). So a mark followed by one or two digits is the
//   decimal mark ("1,5" and "1.5" are 1.50; "12,50" and "12.50" are 12.50), and a mark followed by
//   exactly three digits groups thousands ("1.249" and "1,249" are both 1249).
// - Where both marks occur, the later one is the decimal mark ("1.249,00" and "1,249.00" are 1249).
// - A mark occurring twice or more groups thousands ("1.249.000").
// - Groups after the first have exactly three digits; anything else is no number ("1.23.4").
// - "0.249" cannot be a grouped number, so it is a price with too many decimals, not 249.
// The seller's language plays no part: a draft's stored text is read by main, the command line
// and the publish engine, which do not know the language it was typed in, and a sheet's language
// is unknown. The language only decides how the amount understood is shown back (formatPrice).
import type { DraftLanguage } from './draft-language';

/** The largest price taken, in euros; above it a typo is far likelier than a real price. */
export const PRICE_MAX = 100_000_000;

/** Why a text is no price, as the draft issue codes name it. */
export type PriceProblem = 'price-not-a-number' | 'price-negative' | 'price-decimals' | 'price-too-high';

/** A price text read: its amount in euros (null when nothing was typed), or why it is none. */
export type PriceText = { ok: true; amount: number | null } | { ok: false; problem: PriceProblem };

// A euro sign or word before or after the number; never inside it ("12€50" is no price).
const CURRENCY_BEFORE = /^(?:€|eur(?:os?)?\b)\s*/i;
const CURRENCY_AFTER = /\s*(?:€|\beur(?:os?)?)$/i;
const SIGN = /^[-\u2212]\s*/;
// "12,-" and "12.--", as price tags write whole euros.
const WHOLE_EUROS = /[.,][-\u2013\u2014]+$/;

/** Reads a price as typed or as a sheet's cell holds it. */
export function readPriceText(raw: unknown): PriceText {
  if (raw === null || raw === undefined) return { ok: true, amount: null };
  if (typeof raw === 'number') return checked(raw);
  if (typeof raw !== 'string') return { ok: false, problem: 'price-not-a-number' };
  let text = raw.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  text = text.replace(CURRENCY_BEFORE, '');
  const negative = SIGN.test(text);
  text = text.replace(SIGN, '').replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '');
  text = text.replace(WHOLE_EUROS, '');
  if (text === '')
    return negative ? { ok: false, problem: 'price-not-a-number' } : { ok: true, amount: null };
  const value = readDigits(text);
  if (typeof value !== 'number') return { ok: false, problem: value };
  // Hundreds of digits are a number too large for a double, not a text that is no number.
  if (value === Infinity) return { ok: false, problem: 'price-too-high' };
  return checked(negative && value !== 0 ? -value : value);
}

function checked(value: number): PriceText {
  if (!Number.isFinite(value)) return { ok: false, problem: 'price-not-a-number' };
  if (value < 0) return { ok: false, problem: 'price-negative' };
  if (value > PRICE_MAX) return { ok: false, problem: 'price-too-high' };
  return { ok: true, amount: value };
}

// Group separators besides "." and ",": a space (typographic German, French) or an apostrophe (Swiss).
const OTHER_GROUP = /[ '’]/;

function readDigits(text: string): number | 'price-not-a-number' | 'price-decimals' {
  if (!/^\d[\d.,' ’]*$/.test(text)) return 'price-not-a-number';
  const last = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  let whole = text;
  let fraction: string | null = null;
  if (last !== -1) {
    const mark = text[last]!;
    const before = text.slice(0, last);
    const after = text.slice(last + 1);
    const bothMarks = before.includes(mark === '.' ? ',' : '.');
    const once = !before.includes(mark);
    if (bothMarks || (once && after.length !== 3)) {
      whole = before;
      fraction = after;
    } else if (once && /^0+$/.test(before)) {
      return 'price-decimals';
    }
  }
  if (fraction !== null) {
    if (!/^\d+$/.test(fraction)) return 'price-not-a-number';
    if (fraction.length > 2) return 'price-decimals';
  }
  if (!isGroupedWhole(whole)) return 'price-not-a-number';
  const digits = whole.replace(/\D/g, '');
  return Number(fraction === null ? digits : `${digits}.${fraction}`);
}

/** Digits alone, or groups of three after a first group of one to three, split by one kind of mark. */
function isGroupedWhole(whole: string): boolean {
  if (/^\d+$/.test(whole)) return true;
  const separator = /[^\d]/.exec(whole)![0];
  if (separator !== '.' && separator !== ',' && !OTHER_GROUP.test(separator)) return false;
  const [first, ...rest] = whole.split(separator);
  return /^[1-9]\d{0,2}$/.test(first!) && rest.every((group) => /^\d{3}$/.test(group));
}

/** An amount in euros with its cents, as the seller's language writes it: "1.249,00 €", "€1,249.00". */
export function formatPrice(amount: number, language: DraftLanguage): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** What an import reads from a price cell; `amount` null when the cell is empty. */
export type PriceReading = { ok: true; amount: number | null; negotiable: boolean } | { ok: false };

// "VB" (Verhandlungsbasis) and its English kin mark a negotiable price in a sheet.
const NEGOTIABLE = /\b(?:vb|vhb|verhandlungsbasis|ono|obo|negotiable)\b/i;

/** Reads a price cell of an import: the price as `readPriceText` reads it, and whether it is negotiable. */
export function parsePrice(raw: unknown): PriceReading {
  const negotiable = typeof raw === 'string' && NEGOTIABLE.test(raw);
  const text = negotiable ? raw.replace(new RegExp(NEGOTIABLE.source, 'gi'), ' ') : raw;
  const reading = readPriceText(text);
  if (!reading.ok) return { ok: false };
  const amount = reading.amount === null ? null : Math.round(reading.amount * 100) / 100;
  return { ok: true, amount, negotiable };
}
