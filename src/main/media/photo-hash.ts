// A photo's look in 20 bytes, to tell a photo the seller already added from a new one: a 64-bit
// difference hash (dHash: is each pixel of a 9 × 8 greyscale copy brighter than its right-hand
// neighbour?) plus the colours of a 2 × 2 copy. dHash alone survives re-encoding and resizing but
// cannot tell flat images apart (a plain red and a plain green photo both hash to 0), hence the
// colours. Both are taken from the stored thumbnail, so old photos are hashed the same way.
import { loadSharp } from './load-sharp';

/** Hex: 16 digits of dHash, then 24 of the 2 × 2 copy's RGB bytes. */
export type PhotoHash = string;

const HASH = /^[0-9a-f]{40}$/;

/** Whether `value` is a hash made by photoHash. */
export function isPhotoHash(value: unknown): value is PhotoHash {
  return typeof value === 'string' && HASH.test(value);
}

/** The hash of an image (any format sharp reads). */
export async function photoHash(image: Buffer | string): Promise<PhotoHash> {
  const sharp = await loadSharp();
  const grey = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const step = grey.info.channels;
  let bits = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      const left = grey.data[(y * 9 + x) * step]!;
      const right = grey.data[(y * 9 + x + 1) * step]!;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  const colours = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(2, 2, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return bits.toString(16).padStart(16, '0') + colours.subarray(0, 12).toString('hex').padEnd(24, '0');
}

/** How far apart two hashes are: the differing dHash bits, and the largest colour difference (0–255). */
export function hashDistance(a: PhotoHash, b: PhotoHash): { bits: number; colour: number } {
  let diff = BigInt(`0x${a.slice(0, 16)}`) ^ BigInt(`0x${b.slice(0, 16)}`);
  let bits = 0;
  while (diff > 0n) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  let colour = 0;
  for (let i = 16; i < 40; i += 2) {
    colour = Math.max(colour, Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)));
  }
  return { bits, colour };
}

// A JPEG re-encoded at low quality or a copy at half the size stays within a few bits and a few
// colour steps; two different photos of the same scene differ by far more (see the unit test).
const NEAR_BITS = 8;
const NEAR_COLOUR = 24;

/** Whether two hashes show the same picture (identical, re-encoded or resized). */
export function looksSame(a: PhotoHash, b: PhotoHash): boolean {
  const { bits, colour } = hashDistance(a, b);
  return bits <= NEAR_BITS && colour <= NEAR_COLOUR;
}
