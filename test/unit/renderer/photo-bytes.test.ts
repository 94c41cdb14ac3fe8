// The page's side of big photos: pieces in order, each one chunk at most, the upload cancelled when
// a piece fails, and main's refusals of an upload in the seller's language.
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadRefusal } from '../../../src/main/uploads/photo-uploads';
import { IpcError } from '../../../src/shared/ipc/envelope';
import { inSellersWords, photoBytesOf, type UploadCall } from '../../../src/renderer/ipc/photo-bytes';
import { resources } from '../../../src/renderer/i18n/resources';

/** A `call` that records what the page sent; `failAt` makes that append fail as main would. */
function recorder(failAt?: number) {
  const calls: { channel: string; input: Record<string, unknown> }[] = [];
  const call = (async (channel: string, input: Record<string, unknown>) => {
    calls.push({ channel, input });
    if (channel === 'uploads:begin') return { uploadId: 'u-1' };
    if (channel === 'uploads:append' && input.offset === failAt) {
      throw new IpcError({ code: 'conflict', message: 'Too many…', details: { upload: 'busy' } });
    }
    return channel === 'uploads:append' ? { received: 0 } : { done: true };
  }) as UploadCall;
  return { call, calls };
}

describe('photo bytes from the page', () => {
  beforeAll(async () => {
    await i18next.init({
      resources: { en: { translation: resources.en }, de: { translation: resources.de } },
      lng: 'de',
      fallbackLng: 'en',
    });
  });
  afterAll(() => void i18next.changeLanguage('en'));

  it('sends a small file as one piece, a big one in ordered pieces of at most one chunk', async () => {
    const small = recorder();
    await expect(photoBytesOf(new Blob(['abc']), small.call, 4)).resolves.toEqual({ base64: 'YWJj' });
    expect(small.calls).toEqual([]);

    const big = recorder();
    await expect(photoBytesOf(new Blob(['abcdefghij']), big.call, 4)).resolves.toEqual({ uploadId: 'u-1' });
    expect(big.calls).toEqual([
      { channel: 'uploads:begin', input: { size: 10 } },
      { channel: 'uploads:append', input: { uploadId: 'u-1', offset: 0, base64: btoa('abcd') } },
      { channel: 'uploads:append', input: { uploadId: 'u-1', offset: 4, base64: btoa('efgh') } },
      { channel: 'uploads:append', input: { uploadId: 'u-1', offset: 8, base64: btoa('ij') } },
    ]);
  });

  it('cancels the upload when a piece is refused, and says why in the UI’s language', async () => {
    const failing = recorder(4);
    const error = await photoBytesOf(new Blob(['abcdefghij']), failing.call, 4).catch((e: unknown) => e);
    expect(failing.calls.at(-1)).toEqual({ channel: 'uploads:cancel', input: { uploadId: 'u-1' } });
    expect(error).toBeInstanceOf(IpcError);
    expect((error as IpcError).message).toBe(resources.de.photos.upload.busy);
  });

  it.each<UploadRefusal>(['size', 'busy', 'unknown', 'out-of-order', 'too-long', 'incomplete'])(
    'main’s refusal “%s” has words in German and English',
    (reason) => {
      const refusal = new IpcError({
        code: 'conflict',
        message: 'English from main',
        details: { upload: reason },
      });
      expect((inSellersWords(refusal) as IpcError).message).toBe(resources.de.photos.upload[reason]);
      expect(resources.en.photos.upload[reason]).toBeTruthy();
    },
  );

  it('leaves other errors as they are', () => {
    const other = new IpcError({ code: 'service', message: 'The service is down.' });
    expect(inSellersWords(other)).toBe(other);
  });
});
