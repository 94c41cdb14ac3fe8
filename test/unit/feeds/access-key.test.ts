// An access key in a feed's address (issue 35.4): split off where Shopware and shop modules put it,
// put back for the download only, and masked wherever the address is shown.
import { describe, expect, it } from 'vitest';
import { hasAccessKeyMask, splitAccessKey, withAccessKey } from '../../../src/main/feeds/access-key';
import { shownUrl } from '../../../src/main/feeds/download';

describe('splitAccessKey', () => {
  it.each([
    [
      'https://shop.example/export/SWPEK3Y/google.xml',
      'https://shop.example/export/••••/google.xml',
      'SWPEK3Y',
    ],
    [
      'https://shop.example/de/store-api/product-export/K3Y-1/idealo.csv',
      'https://shop.example/de/store-api/product-export/••••/idealo.csv',
      'K3Y-1',
    ],
    ['https://s.example/feed.xml?lang=de&Token=abc', 'https://s.example/feed.xml?lang=de&Token=••••', 'abc'],
    [
      'https://s.example/f.csv?key=a%2Fb&hash=h1&secret=s&password=p',
      'https://s.example/f.csv?key=••••&hash=••••&secret=••••&password=••••',
      'a%2Fb h1 s p',
    ],
  ])('finds the key of %s', (raw, url, key) => {
    expect(splitAccessKey(raw)).toEqual({ url, key });
    expect(withAccessKey(url, key)).toBe(raw);
    expect(hasAccessKeyMask(url)).toBe(true);
  });

  it('leaves addresses without a key as they are, and a mask alone', () => {
    for (const raw of [
      'https://s.example/export/google.xml',
      'https://s.example/export/a/b/c.xml',
      'https://s.example/feed.xml?keyword=chair&token=',
      'https://s.example/export/••••/google.xml',
    ])
      expect(splitAccessKey(raw).key).toBeUndefined();
    expect(splitAccessKey('not a url')).toEqual({ url: 'not a url' });
  });

  it('puts the key back where the serializer percent-encoded the mask', () => {
    const masked = new URL('https://shop.example/export/••••/google.xml').href;
    expect(withAccessKey(masked, 'K')).toBe('https://shop.example/export/K/google.xml');
  });
});

describe('shownUrl', () => {
  it('shows neither a password nor an access key', () => {
    expect(shownUrl('https://u:pw@shop.example/export/SWPEK3Y/google.xml?token=t')).toBe(
      'https://shop.example/export/••••/google.xml?token=••••',
    );
  });
});
