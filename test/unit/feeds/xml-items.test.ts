// A Google product feed's XML read as a stream (issue 35.1): chunks cut anywhere, a Latin-1
// declaration, Google's namespace as the default one; what is not a feed refused.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readXmlItems, XmlFeedError } from '../../../src/main/feeds/fetch/xml-items';

const G = 'http://base.google.com/ns/1.0';

/** The bytes of `xml` in chunks of `size` (cutting characters and tags anywhere). */
function chunks(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return Readable.from(parts);
}

describe('readXmlItems', () => {
  it('reads the same items whatever the chunks', async () => {
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:g="${G}"><channel>` +
        `<item><g:id>Ü-1</g:id><g:title>Größe „XL“ – grün</g:title><g:color>Grün</g:color></item>` +
        `<item><g:id>Ü-2</g:id><description>Zweites</description></item></channel></rss>`,
    );
    const whole = await readXmlItems(chunks(xml, xml.length));
    expect(whole.items).toEqual([
      { index: 1, id: 'Ü-1', title: 'Größe „XL“ – grün', color: 'Grün', additionalImageLinks: [] },
      { index: 2, id: 'Ü-2', description: 'Zweites', additionalImageLinks: [] },
    ]);
    for (const size of [1, 2, 3, 7]) expect(await readXmlItems(chunks(xml, size))).toEqual(whole);
  });

  it('reads a Latin-1 file as it declares, and Google’s namespace as the default one', async () => {
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel>` +
        `<item><id xmlns="${G}">M-1</id><title>Möbel</title></item></channel></rss>`,
      'latin1',
    );
    expect((await readXmlItems(chunks(xml, 5))).items).toEqual([
      { index: 1, id: 'M-1', title: 'Möbel', additionalImageLinks: [] },
    ]);
  });

  it('takes an empty product feed, refuses a page and a document cut off', async () => {
    expect(await readXmlItems(Readable.from([`<rss xmlns:g="${G}"><channel/></rss>`]))).toEqual({
      format: 'google-rss',
      items: [],
    });
    const page = readXmlItems(Readable.from(['<html><body>Login</body></html>']));
    await expect(page).rejects.toEqual(new XmlFeedError('not-a-product-feed', 'its root element is <html>'));
    const cut = readXmlItems(Readable.from([`<rss xmlns:g="${G}"><channel><item><g:id>1</g:id>`]));
    await expect(cut).rejects.toMatchObject({ reason: 'broken-xml' });
    await expect(readXmlItems(Readable.from([]))).rejects.toMatchObject({ reason: 'broken-xml' });
  });
});
