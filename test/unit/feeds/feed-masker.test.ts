// The kept copy of a feed never holds its access key: the masker replaces it in the bytes that
// pass, also where the key is split between two chunks of the download.
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { masker } from '../../../src/main/feeds/fetch/feed-fetch';

const KEY = 'SWPEXPORTKEY0123456789';

async function masked(chunks: string[], secrets = [KEY]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(masker(secrets, '••••')));
}

describe('masker', () => {
  it('replaces every occurrence in one chunk', async () => {
    const body = `<atom:link href="https://shop.example/store-api/product-export/${KEY}/google.xml"/>${KEY}`;
    expect(await masked([body])).toBe(
      '<atom:link href="https://shop.example/store-api/product-export/••••/google.xml"/>••••',
    );
  });

  it('finds a key split at every place between two chunks', async () => {
    const body = `before ${KEY} after`;
    for (let cut = 1; cut < body.length; cut += 1) {
      const out = await masked([body.slice(0, cut), body.slice(cut)]);
      expect(out, `cut at ${cut}`).toBe('before •••• after');
    }
  });

  it('passes a body without the key unchanged, byte for byte, and in single bytes', async () => {
    const body = 'Kühlschrank – 1.249,00 € <p>&amp;</p>';
    expect(await masked([body])).toBe(body);
    expect(await masked([...Buffer.from(`x${KEY}y`)].map((b) => String.fromCharCode(b)))).toBe('x••••y');
  });

  it('passes everything through when there is nothing to hide', async () => {
    expect(await masked(['a', 'b', 'c'], [])).toBe('abc');
  });
});
