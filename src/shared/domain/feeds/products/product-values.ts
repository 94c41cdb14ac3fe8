// What a product item's values mean (issue 35.2): its price (`1249.00 EUR`, `1.249,00 €`, a bare
// `19.99` with or without a currency column; any currency but the euro refused and named), the price
// in force now (a sale price inside its effective dates), when that changes next, and its stock
// (a quantity column first, then Google's availability words, then a delivery text as idealo and
// billiger.de files write it). Prices are read by the one price reader every other place uses.
import type { ImportProblem } from '../../tables';
import { parsePrice } from '../../tables';
import { readStock, stockWordKey, type StockReading } from '../feed-rows';
import type { ProductItem } from './product-item';

/** The one currency a price may be in: the marketplace's. */
export const FEED_CURRENCY = 'EUR';

/** A price field read: nothing written, an amount in euros, or a problem that refuses the row. */
export type ProductPrice =
  { kind: 'none' } | { kind: 'amount'; amount: number } | { kind: 'refused'; problem: ImportProblem };

// Signs that name a currency other than by its ISO code.
const SIGNS: [RegExp, string][] = [
  [/US\$|\$/, 'USD'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/\bFr\./, 'CHF'],
  [/€/, FEED_CURRENCY],
];
// An ISO 4217 code before or after the number ("1249.00 EUR", "EUR 99", "79.95 AUD").
const CODE_AFTER = /\d[.,]?\s*([A-Za-z]{3})\.?$/;
const CODE_BEFORE = /^([A-Za-z]{3})\s*(?=\d)/;
const CODE_ALONE = /^([A-Za-z]{3})$/;
// Three letters after a price that name no currency: the words for a negotiable price.
const NOT_CODES = ['VHB', 'OBO', 'ONO'];
const EURO_WORDS = /^(?:€|eur|euro|euros)$/i;

/** The currency a price (or a currency column) names: its ISO code, upper case; undefined when it names none. */
export function priceCurrency(text: string): string | undefined {
  const trimmed = text.trim();
  if (EURO_WORDS.test(trimmed)) return FEED_CURRENCY;
  const code = (
    CODE_ALONE.exec(trimmed)?.[1] ??
    CODE_AFTER.exec(trimmed)?.[1] ??
    CODE_BEFORE.exec(trimmed)?.[1]
  )?.toUpperCase();
  if (code !== undefined && !NOT_CODES.includes(code)) return code;
  return SIGNS.find(([sign]) => sign.test(trimmed))?.[1];
}

/**
 * Reads a price as a product feed writes it. `currency` is the file's currency column, when it has
 * one. A price in another currency is refused with the currency named (`currency-refused`); text
 * that is no number is refused as the import refuses it (`bad-price`).
 */
export function readProductPrice(text: string | undefined, currency?: string): ProductPrice {
  const written = text?.trim() ?? '';
  if (written === '') return { kind: 'none' };
  const column = currency?.trim() ?? '';
  const named = [column === '' ? undefined : (priceCurrency(column) ?? column), priceCurrency(written)].find(
    (code) => code !== undefined && code !== FEED_CURRENCY,
  );
  if (named !== undefined)
    return {
      kind: 'refused',
      problem: { code: 'currency-refused', severity: 'error', field: 'price', value: named },
    };
  // The euro's code written against the number ("19.99EUR"), which the price reader takes spaced only.
  const number = written.replace(/(?<=[\d.,])\s*eur\.?$/i, '').replace(/^eur\s*(?=\d)/i, '');
  const reading = parsePrice(number);
  if (!reading.ok || reading.amount === null)
    return {
      kind: 'refused',
      problem: { code: 'bad-price', severity: 'error', field: 'price', value: written },
    };
  return { kind: 'amount', amount: reading.amount };
}

/** A sale period: epoch milliseconds, start inclusive, end exclusive; absent ends are open. */
export interface SalePeriod {
  start?: number;
  end?: number;
}

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const DAY = 24 * 60 * 60 * 1000;

/** One end of an ISO 8601 period in epoch ms; a date without a time is that day's start (UTC). */
function isoTime(text: string, end: boolean): number | null {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, zone] = match;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
  );
  if (Number.isNaN(utc) || new Date(utc).getUTCDate() !== Number(day)) return null;
  let offset = 0;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0);
    offset = (digits.startsWith('-') ? -1 : 1) * minutes * 60_000;
  }
  // Google: a period given as dates runs from the first day's start to the last day's end.
  const wholeDay = end && hour === undefined ? DAY : 0;
  return utc - offset + wholeDay;
}

/**
 * Google's `sale_price_effective_date` read (`2026-11-27T00:00+0100/2026-11-30T23:59+0100`, or
 * dates alone); null when it cannot be read. A blank side of the `/` leaves that end open.
 */
export function readSalePeriod(text: string): SalePeriod | null {
  const parts = text.trim().split('/');
  if (parts.length !== 2) return null;
  const [from, to] = parts.map((part) => part.trim()) as [string, string];
  if (from === '' && to === '') return null;
  const start = from === '' ? undefined : isoTime(from, false);
  const end = to === '' ? undefined : isoTime(to, true);
  if (start === null || end === null) return null;
  if (start !== undefined && end !== undefined && end <= start) return null;
  return { ...(start !== undefined && { start }), ...(end !== undefined && { end }) };
}

/** True when `at` lies inside the period. */
function within(period: SalePeriod, at: number): boolean {
  return (period.start === undefined || at >= period.start) && (period.end === undefined || at < period.end);
}

/** The price an item asks now, and the problems of its price fields. */
export interface ActivePrice {
  /** Absent when the item gives no price it can be sold at. */
  amount?: number;
  /** The sale price is the one asked now. */
  sale: boolean;
  problems: ImportProblem[];
}

/**
 * The price in force at `now`: the sale price within its effective dates (without dates: always),
 * else the price. A currency refused in either field refuses the row; a sale price that cannot be
 * read, or whose dates cannot be, is left out and the price asked.
 */
export function activePrice(
  item: Pick<ProductItem, 'price' | 'salePrice' | 'salePriceEffectiveDate' | 'currency'>,
  now: Date,
): ActivePrice {
  const price = readProductPrice(item.price, item.currency);
  const sale = readProductPrice(item.salePrice, item.currency);
  const problems: ImportProblem[] = [];
  if (price.kind === 'refused') problems.push(price.problem);
  if (sale.kind === 'refused' && sale.problem.code === 'currency-refused' && price.kind !== 'refused')
    problems.push(sale.problem);
  if (problems.length > 0) return { sale: false, problems };
  const dates = item.salePriceEffectiveDate?.trim() ?? '';
  const period = dates === '' ? {} : readSalePeriod(dates);
  if (sale.kind === 'amount' && period !== null && within(period, now.getTime()))
    return { amount: sale.amount, sale: true, problems };
  if (price.kind === 'amount') return { amount: price.amount, sale: false, problems };
  return { sale: false, problems };
}

/**
 * The next moment after `now` at which a sale period of the items begins or ends (epoch ms), so a
 * feed is planned again from its kept copy then; undefined when none lies ahead.
 */
export function nextPriceChange(
  items: readonly Pick<ProductItem, 'salePrice' | 'salePriceEffectiveDate'>[],
  now: Date,
): number | undefined {
  const at = now.getTime();
  let next: number | undefined;
  for (const item of items) {
    if ((item.salePrice?.trim() ?? '') === '' || (item.salePriceEffectiveDate?.trim() ?? '') === '') continue;
    const period = readSalePeriod(item.salePriceEffectiveDate!);
    if (period === null) continue;
    for (const moment of [period.start, period.end])
      if (moment !== undefined && moment > at && (next === undefined || moment < next)) next = moment;
  }
  return next;
}

/** What an item's stock reads as, and the text that said so. */
export interface ProductStock {
  stock: StockReading;
  /** The quantity, availability word or delivery text as written; absent when none is given. */
  stockText?: string;
  /** The field that said it. */
  from?: 'quantity' | 'availability' | 'delivery';
}

/**
 * Google's availability word: `in_stock` (or the older `in stock`, `available for order`) is in
 * stock; `out_of_stock`, and `preorder` and `backorder` (not in stock now), are not. Other words are
 * read as a stock cell or a delivery text.
 */
export function availabilityStock(text: string): StockReading {
  const key = stockWordKey(text);
  if (key === 'instock' || key === 'availablefororder') return 'in';
  if (['outofstock', 'preorder', 'backorder', 'discontinued', 'soldout'].includes(key)) return 'out';
  return deliveryStock(text);
}

// Delivery texts, compared after folding (lower case, umlauts written out).
const NOT_DELIVERABLE =
  /\b(?:nicht|kein|keine)\b.{0,20}\b(?:lieferbar|verfuegbar|vorraetig|auf lager|erhaeltlich|bestellbar)|ausverkauft|vergriffen|sold out|out of stock|no longer available|not available|unavailable|currently unavailable/;
// Not in stock now: ordered ahead of its release, or restocked later (Shopware's "Versandfertig in
// 3 Tagen" and "Available in 3 days" are its restock texts, written when the stock is gone).
const LATER =
  /vorbestell|vorbesteller|pre-?order|back-?order|versandfertig in\b|available in \d|wieder (?:lieferbar|verfuegbar|da) ab|lieferbar ab\b|erscheint am|nachbestellt|im zulauf/;
const DELIVERABLE =
  /sofort|lieferbar|verfuegbar|vorraetig|auf lager|lagernd|in stock|available|lieferzeit|versand ?(?:heute|morgen|am naechsten)|\d+\s*(?:-\s*\d+\s*)?(?:werk|arbeits)?tag|\d+\s*(?:-\s*\d+\s*)?(?:business |working )?days?|next (?:business |working )?day|delivered/;

/**
 * A delivery text (idealo's `delivery`, billiger.de's `dlv_time`), which shops write freely: "Sofort
 * verfügbar, Lieferzeit: 1-3 Tage" and "1-3 Werktage" are in stock; "nicht lieferbar" and "Nicht mehr
 * verfügbar" are not, nor is a text saying it ships only once restocked or released.
 */
export function deliveryStock(text: string): StockReading {
  const folded = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();
  if (folded === '') return 'unknown';
  if (NOT_DELIVERABLE.test(folded) || LATER.test(folded)) return 'out';
  const word = readStock(text);
  if (word !== 'unknown') return word;
  return DELIVERABLE.test(folded) ? 'in' : 'unknown';
}

/**
 * An item's stock: a quantity column that can be read wins; then the availability word, then the
 * delivery text. An item that says nothing of its stock is in stock (as a table without a stock column).
 */
export function productStock(
  item: Pick<ProductItem, 'quantity' | 'availability' | 'delivery'>,
): ProductStock {
  const quantity = item.quantity?.trim() ?? '';
  const availability = item.availability?.trim() ?? '';
  const delivery = item.delivery?.trim() ?? '';
  if (quantity !== '') {
    const stock = readStock(quantity);
    if (stock !== 'unknown' || (availability === '' && delivery === ''))
      return { stock, stockText: quantity, from: 'quantity' };
  }
  if (availability !== '')
    return { stock: availabilityStock(availability), stockText: availability, from: 'availability' };
  if (delivery !== '') return { stock: deliveryStock(delivery), stockText: delivery, from: 'delivery' };
  return { stock: 'in' };
}
