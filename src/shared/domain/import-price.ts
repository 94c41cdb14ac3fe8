// Prices as spreadsheets hold them: "1.234,50 €", "12,5", "1,234.50", "EUR 99", "50 VB".
// Prices have at most two decimals, so a lone separator followed by exactly three digits groups
// thousands ("1.234" and "1,234" are both 1234), whichever language wrote the sheet.

export type PriceReading = { ok: true; amount: number | null; negotiable: boolean } | { ok: false };

const CURRENCY = /€|\beur(?:o)?\b|\$|\busd\b|\bchf\b/gi;
// "VB" (Verhandlungsbasis) and its English kin mark a negotiable price.
const NEGOTIABLE = /\b(?:vb|vhb|verhandlungsbasis|ono|obo|negotiable)\b/i;

/** Reads a price cell; `amount` null when the cell is empty. */
export function parsePrice(raw: unknown): PriceReading {
  if (raw === null || raw === undefined) return { ok: true, amount: null, negotiable: false };
  if (typeof raw === 'number') {
    return Number.isFinite(raw) && raw >= 0
      ? { ok: true, amount: round2(raw), negotiable: false }
      : { ok: false };
  }
  if (typeof raw !== 'string') return { ok: false };
  let text = raw.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  const negotiable = NEGOTIABLE.test(text);
  text = text
    .replace(new RegExp(NEGOTIABLE.source, 'gi'), '')
    .replace(CURRENCY, '')
    .replace(/[\s'’]/g, '');
  text = text.replace(/[.,]-+$/, ''); // "12,-" and "12.--"
  if (text === '') return { ok: true, amount: null, negotiable };
  if (!/^\d[\d.,]*$/.test(text)) return { ok: false };
  const amount = readNumber(text);
  return amount === null ? { ok: false } : { ok: true, amount: round2(amount), negotiable };
}

function readNumber(text: string): number | null {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot === -1 && lastComma === -1) return Number(text);
  // Both present: the later one is the decimal separator, the other groups thousands.
  if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    return grouped(text, group, decimal);
  }
  const sep = lastDot !== -1 ? '.' : ',';
  const parts = text.split(sep);
  // "1.234.567" or "1,234,567": thousands only.
  if (parts.length > 2) return grouped(text, sep, null);
  const decimals = parts[1]!;
  if (decimals.length === 3) return grouped(text, sep, null);
  if (decimals.length === 0 || decimals.length > 2) return null;
  return Number(`${parts[0]}.${decimals}`);
}

/** A number whose `group` separators sit every three digits, with an optional decimal part. */
function grouped(text: string, group: string, decimal: string | null): number | null {
  const [whole, fraction, extra] = decimal === null ? [text] : text.split(decimal);
  if (extra !== undefined) return null;
  const groups = whole!.split(group);
  if (groups.slice(1).some((g) => g.length !== 3) || groups[0] === '' || groups[0]!.length > 3) return null;
  if (fraction !== undefined && (fraction.length === 0 || fraction.length > 2 || fraction.includes(group)))
    return null;
  return Number(`${groups.join('')}${fraction === undefined ? '' : `.${fraction}`}`);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
