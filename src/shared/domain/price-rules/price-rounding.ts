// How a computed price is rounded (issue 17.4): the roundings a seller picks and their arithmetic in
// whole cents. Below both bulk edits and price rules (issue 25.5), which round alike. Pure.

export const priceRoundings = ['none', 'euro', '99', '90', '5'] as const;
export type PriceRounding = (typeof priceRoundings)[number];

/** A price in cents rounded as chosen: whole euros, to end in .99 or .90, or to 5 euros. */
export function roundCents(cents: number, rounding: PriceRounding): number {
  const c = Math.round(cents);
  const nearest = (low: number, high: number) => (c - low < high - c ? low : high);
  const base = Math.floor(c / 100) * 100;
  switch (rounding) {
    case 'none':
      return c;
    case 'euro':
      return Math.round(c / 100) * 100;
    case '99': {
      const result = nearest(base - 1, base + 99);
      return Math.max(result, 99);
    }
    case '90': {
      const result = c - base >= 90 ? nearest(base + 90, base + 190) : nearest(base - 10, base + 90);
      return Math.max(result, 90);
    }
    case '5':
      return Math.round(c / 500) * 500;
  }
}
