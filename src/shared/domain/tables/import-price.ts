// The import's price reader moved to price-text.ts (issue 23.4: one reader for every place a price
// is typed or read); this name stays for the callers that import it from here.
export { parsePrice, type PriceReading } from '../drafts';
