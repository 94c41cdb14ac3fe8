// Decides which links may leave the app for the seller's browser: http and https only, after a
// real URL parse (never a substring check), and never credentials in the URL.

/** The normalized URL to open externally, or undefined when the link must not be opened. */
export function externalUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.href;
}
