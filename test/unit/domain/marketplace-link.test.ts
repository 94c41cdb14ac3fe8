// The marketplace link of an ad: only https patterns with {adId}, parsed as URLs, never a substring
// check; the ad id is put in encoded, so it cannot change the address's host or path.
import { describe, expect, it } from 'vitest';
import { marketplaceLink, patternProblem } from '../../../src/shared/domain/live/marketplace-link';

describe('patternProblem', () => {
  it('accepts an empty pattern (no link) and https patterns with {adId}', () => {
    expect(patternProblem('')).toBeNull();
    expect(patternProblem('   ')).toBeNull();
    expect(patternProblem('https://www.example.de/s-anzeige/{adId}')).toBeNull();
    expect(patternProblem('https://example.de/ad?id={adId}&ref=desk')).toBeNull();
  });

  it.each([
    ['http://www.example.de/{adId}', 'not-https'],
    ['javascript:alert({adId})', 'not-https'],
    ['file:///etc/{adId}', 'not-https'],
    ['ftp://example.de/{adId}', 'not-https'],
    ['https://www.example.de/s-anzeige/', 'no-placeholder'],
    ['https://www.example.de/{adid}', 'no-placeholder'],
    ['www.example.de/{adId}', 'not-url'],
    ['https://user:pw@example.de/{adId}', 'not-url'],
    ['https://exa mple.de/{adId}', 'not-url'],
  ] as const)('refuses %s (%s)', (pattern, problem) => {
    expect(patternProblem(pattern)).toBe(problem);
  });
});

describe('marketplaceLink', () => {
  it('puts the ad id in every {adId}', () => {
    expect(marketplaceLink('https://example.de/a/{adId}?x={adId}', 100000123)).toBe(
      'https://example.de/a/100000123?x=100000123',
    );
  });

  it('gives no link without a pattern, with a bad one, or without an ad id', () => {
    expect(marketplaceLink('', 1)).toBeUndefined();
    expect(marketplaceLink(undefined, 1)).toBeUndefined();
    expect(marketplaceLink('http://example.de/{adId}', 1)).toBeUndefined();
    expect(marketplaceLink('https://example.de/{adId}', null)).toBeUndefined();
    expect(marketplaceLink('https://example.de/{adId}', '')).toBeUndefined();
  });

  it('encodes an id that tries to leave the path', () => {
    const link = marketplaceLink('https://{adId}.example.de/ad', 'evil.org/x');
    expect(link === undefined || new URL(link).hostname.endsWith('.example.de')).toBe(true);
    expect(marketplaceLink('https://example.de/ad/{adId}', '../../x?y#z')).toBe(
      'https://example.de/ad/..%2F..%2Fx%3Fy%23z',
    );
  });
});
