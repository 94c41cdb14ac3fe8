// The JPEG encoding of a stored photo: mozjpeg (progressive, trellis quantisation, 4:2:0) at the
// lowest quality whose result still looks the same as a quality-95 encoding of the same pixels,
// measured with SSIM (ssim.js, its default "weber" variant, at full resolution). Also decides when a
// PNG is really a photograph that is better sent as a JPEG.
//
// Why a mosaic: SSIM over a whole 2048 px photo takes about two seconds in JavaScript on this
// project's machines, and a bisection needs five of them per photo. A downscaled copy is cheap but
// hides exactly the blocking and ringing the quality choice is about (its SSIM stays near 0.997
// where the full-size one is 0.981). So the search works on a mosaic of 16 tiles of 128 px taken at
// full resolution on a grid over the whole photo, each aligned to the 16 px blocks of a 4:2:0 JPEG:
// encoded by itself, the mosaic gets nearly the same blocks as the full photo does, so both the
// encodes and the SSIMs of the search cost about a sixteenth. The search also uses ssim.js's
// "bezkrovny" variant, about five times faster than "weber" on such a mosaic and within 0.001 of it,
// in worker threads (ssim-worker.ts) so that the main process's event loop stays free.
// It aims at a margin above 0.985 (SEARCH_TARGET); the benchmark (bench/photos) and the tests check
// the full-size "weber" SSIM of the stored photo against the full-size quality-95 encoding.
import { ssim } from 'ssim.js';
import { loadSharp } from './load-sharp';
import { ssimInWorker } from './ssim-worker';

/** Decoded pixels as sharp hands them over: interleaved 8-bit channels. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** What every photo must reach against the quality-95 encoding of the same pixels. */
export const SSIM_FLOOR = 0.985;
/** The quality-95 encoding the choice is measured against. */
export const REFERENCE_QUALITY = 95;
// The mosaic's SSIM differs a little from the full photo's; this margin covers it (bench/photos).
const SEARCH_TARGET = 0.99;
// The qualities searched, lowest first. Below 60 mozjpeg's blocking shows on any photo; at 95 the
// result is the reference itself. Ten steps (four encodes per photo, not six) are denser where
// bytes grow fastest, near the top, and cost a few percent of bytes against steps of 1.
const QUALITIES = [60, 68, 74, 79, 83, 86, 89, 91, 93, REFERENCE_QUALITY] as const;
// A photo smaller than this is stored at the reference quality without a search: its bytes are few
// anyway, and the search would cost more than the rest of its intake.
const SEARCH_FROM_PIXELS = 1_000_000;
const SEARCH_SSIM = { downsample: false, ssim: 'bezkrovny' } as const;
const TILE = 128;
const GRID = 4;
// 4:2:0 JPEG blocks (MCUs) are 16 × 16 px: tiles on that grid are encoded like in the full photo.
const BLOCK = 16;

/**
 * The mozjpeg settings of every stored JPEG at `quality`: mozjpeg's quantisation tables (3) and
 * overshoot deringing, optimised Huffman coding, progressive, 4:2:0. Its trellis quantisation and
 * scan optimisation stay off: together they cost three times the rest of the encode (a 3 MP photo:
 * 150 ms against 39 ms here) for 12 to 15% fewer bytes at the same SSIM, and intake must stay fast
 * (bench/photos/intake-speed.ts); the quality search already takes far more bytes off than that.
 */
export function jpegOptions(quality: number) {
  return {
    quality,
    mozjpeg: true,
    trellisQuantisation: false,
    optimiseScans: false,
    progressive: true,
    chromaSubsampling: '4:2:0',
  } as const;
}

/**
 * Encodes raw pixels as a JPEG with the stored photos' settings; `progressive: false` for the
 * search, whose decoded pixels are the same (the scans only order the same coefficients) and which
 * then encodes faster.
 */
async function encodeAt(pixels: RawPixels, quality: number, progressive = true): Promise<Buffer> {
  const sharp = await loadSharp();
  const { data, width, height, channels } = pixels;
  return sharp(data, { raw: { width, height, channels } })
    .jpeg({ ...jpegOptions(quality), progressive })
    .toBuffer();
}

/** Decodes an encoded image to the RGBA form ssim.js takes. */
export async function rgbaOf(
  image: Buffer,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** The SSIM of `image` against `reference` (both encoded, same size), over every pixel. */
export async function ssimOf(reference: Buffer, image: Buffer): Promise<number> {
  const [a, b] = await Promise.all([rgbaOf(reference), rgbaOf(image)]);
  return ssim(a, b, { downsample: false }).mssim;
}

/** The tiles' offsets along an edge of `length` px, spread from one end to the other. */
function tileOffsets(length: number): number[] {
  const span = length - TILE;
  return Array.from({ length: GRID }, (_, i) => Math.floor((span * i) / (GRID - 1) / BLOCK) * BLOCK);
}

/** The search's sample of `pixels`: the photo itself when small, else the mosaic described above. */
export function mosaicOf(pixels: RawPixels): RawPixels {
  const { data, width, height, channels } = pixels;
  if (width < TILE * GRID || height < TILE * GRID) return pixels;
  const side = TILE * GRID;
  const out = Buffer.alloc(side * side * channels);
  const xs = tileOffsets(width);
  const ys = tileOffsets(height);
  const rowBytes = TILE * channels;
  ys.forEach((y0, ty) => {
    xs.forEach((x0, tx) => {
      for (let row = 0; row < TILE; row++) {
        const from = ((y0 + row) * width + x0) * channels;
        const to = ((ty * TILE + row) * side + tx * TILE) * channels;
        data.copy(out, to, from, from + rowBytes);
      }
    });
  });
  return { data: out, width: side, height: side, channels };
}

/** The lowest of QUALITIES whose sample stays at SEARCH_TARGET against the reference quality. */
export async function chooseQuality(pixels: RawPixels): Promise<number> {
  if (pixels.width * pixels.height < SEARCH_FROM_PIXELS) return REFERENCE_QUALITY;
  const sample = mosaicOf(pixels);
  const reference = await rgbaOf(await encodeAt(sample, REFERENCE_QUALITY, false));
  // Bisection: SSIM grows with quality (not strictly at every step, but closely enough to search).
  let low = 0;
  let high = QUALITIES.length - 1;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const candidate = await rgbaOf(await encodeAt(sample, QUALITIES[mid] as number, false));
    if ((await ssimInWorker(reference, candidate, SEARCH_SSIM)) >= SEARCH_TARGET) high = mid;
    else low = mid + 1;
  }
  return QUALITIES[low] as number;
}

/** The stored JPEG of `pixels` (no alpha) and the quality chosen for it. */
export async function encodePhoto(pixels: RawPixels): Promise<{ image: Buffer; quality: number }> {
  const quality = await chooseQuality(pixels);
  return { image: await encodeAt(pixels, quality), quality };
}

// A downscaled copy of a photograph shows thousands of colours; a logo, a chart or a screenshot
// far fewer, and those are what PNG compresses well and JPEG blurs.
const PHOTO_COLOURS = 4096;
const COUNT_EDGE = 256;

/** Whether PNG pixels look like a photograph: fully opaque and with many distinct colours. */
export async function looksLikePhotograph(pixels: RawPixels): Promise<boolean> {
  const { data, width, height, channels } = pixels;
  if (channels === 2 || channels === 4) {
    for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 255) return false;
  }
  if (channels < 3) return false;
  const sharp = await loadSharp();
  const small = await sharp(data, { raw: { width, height, channels } })
    .removeAlpha()
    .resize({ width: COUNT_EDGE, height: COUNT_EDGE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer();
  const seen = new Set<number>();
  for (let i = 0; i + 2 < small.length; i += 3) {
    seen.add(((small[i] as number) << 16) | ((small[i + 1] as number) << 8) | (small[i + 2] as number));
    if (seen.size > PHOTO_COLOURS) return true;
  }
  return false;
}
