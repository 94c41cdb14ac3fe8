// The "Open on the marketplace" link of an ad (issue 15): each account may give the address of an ad
// on its marketplace as a pattern with `{adId}`, which the app fills with the publication's `adId`
// (the spec's publication object carries it). Only https addresses are accepted, after a real URL
// parse, never a substring check: the link leaves the app for the seller's browser.

/** The placeholder the ad's id replaces. */
export const AD_ID_PLACEHOLDER = '{adId}';

/** Why a pattern cannot be used. */
export type PatternProblem = 'not-url' | 'not-https' | 'no-placeholder';

// A stand-in id for parsing the pattern before an ad id is known.
const SAMPLE_ID = '123456789';

function httpsUrl(raw: string): URL | 'not-url' | 'not-https' {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not-url';
  }
  if (url.protocol !== 'https:') return 'not-https';
  if (!url.hostname || url.username || url.password) return 'not-url';
  return url;
}

/** What is wrong with a pattern, or null when it can be used (an empty pattern is fine: no link). */
export function patternProblem(pattern: string): PatternProblem | null {
  const trimmed = pattern.trim();
  if (trimmed === '') return null;
  if (!trimmed.includes(AD_ID_PLACEHOLDER)) return 'no-placeholder';
  const url = httpsUrl(trimmed.split(AD_ID_PLACEHOLDER).join(SAMPLE_ID));
  return typeof url === 'string' ? url : null;
}

/** The address of the ad on the marketplace, or undefined (no pattern, a bad one, or no ad id). */
export function marketplaceLink(
  pattern: string | null | undefined,
  adId: number | string | null | undefined,
): string | undefined {
  if (!pattern || adId === null || adId === undefined || String(adId) === '') return undefined;
  if (patternProblem(pattern) !== null) return undefined;
  const url = httpsUrl(
    pattern
      .trim()
      .split(AD_ID_PLACEHOLDER)
      .join(encodeURIComponent(String(adId))),
  );
  return typeof url === 'string' ? undefined : url.href;
}
