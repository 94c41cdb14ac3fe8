// How listing fields read in the UI.
import { formatPrice as priceWithCurrency } from '../../../shared/domain/drafts';

/** The price as a number in the UI's language; the spec gives no currency, so none is shown. */
export function formatPrice(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
}

/** A listing's price with its currency (euros, as the editor reads them), in the UI's language. */
export function listingPrice(amount: number, language: string): string {
  return priceWithCurrency(amount, language.startsWith('de') ? 'de' : 'en');
}

/** The last segment of a slash-separated category path (the service may return either form). */
export function categoryLeaf(category: string): string {
  const parts = category.split('/').filter(Boolean);
  return parts.at(-1) ?? category;
}
