// How a photo's look is hashed and compared: the very same image is 0 apart, a re-encoded or smaller
// copy is near, different photos (also two plain ones of different colours) are far. Real sharp.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashDistance, isPhotoHash, looksSame, photoHash } from '../../../src/main/media/photo-hash';
import { noisyJpeg } from '../../fixtures/big-photos';
import { GREEN, RED } from '../../fixtures/photo-drops';
import { solidPng } from '../../fixtures/images';
import { photoLike } from './corpus';

describe('photoHash', () => {
  it('is 0 apart for the same image and near for a re-encoded or resized copy', async () => {
    const photo = await photoLike(800, 600, 0, 'fixed').jpeg({ quality: 90 }).toBuffer();
    const hash = await photoHash(photo);
    expect(isPhotoHash(hash)).toBe(true);
    expect(await photoHash(Buffer.from(photo))).toBe(hash);
    expect(hashDistance(hash, hash)).toEqual({ bits: 0, colour: 0 });

    const reencoded = await photoHash(await sharp(photo).jpeg({ quality: 40 }).toBuffer());
    const smaller = await photoHash(await sharp(photo).resize(320).png().toBuffer());
    for (const copy of [reencoded, smaller]) {
      expect(looksSame(hash, copy)).toBe(true);
      expect(hashDistance(hash, copy).bits).toBeLessThanOrEqual(8);
    }
  });

  it('is far for different photos', async () => {
    const a = await photoHash(await photoLike(800, 600, 0).jpeg().toBuffer());
    const b = await photoHash(await photoLike(800, 600, 60).jpeg().toBuffer());
    const mirrored = await photoHash(
      await sharp(await photoLike(800, 600).jpeg().toBuffer())
        .flop()
        .toBuffer(),
    );
    expect(looksSame(a, b)).toBe(false);
    expect(looksSame(a, mirrored)).toBe(false);
    expect(hashDistance(a, b).bits).toBeGreaterThan(16);
  });

  it('tells plain photos of different colours apart (their gradients are all the same)', async () => {
    const red = await photoHash(solidPng(RED, 96));
    const green = await photoHash(solidPng(GREEN, 96));
    expect(hashDistance(red, green).bits).toBe(0);
    expect(looksSame(red, green)).toBe(false);
    const noisyRed = await photoHash(await noisyJpeg([200, 60, 60], 640));
    const noisyBlue = await photoHash(await noisyJpeg([60, 60, 200], 640));
    expect(looksSame(noisyRed, noisyBlue)).toBe(false);
    // The same colour at another size is the same picture.
    expect(looksSame(red, await photoHash(solidPng(RED, 300)))).toBe(true);
  });
});
