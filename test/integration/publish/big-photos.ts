// Photos that compress no better than real ones (noise over one colour), for tests of a service
// that takes only small media: each photo's colour tells which one a media URL shows.
import sharp from 'sharp';

/** A noisy JPEG of one colour, `width` px wide (4:3); `amp`: the noise's range (more: larger file). */
export async function noisyJpeg(colour: readonly number[], width = 1600, amp = 10): Promise<Buffer> {
  const height = Math.round((width * 3) / 4);
  const pixels = Buffer.alloc(width * height * 3);
  let seed = colour[0]! * 65_536 + colour[1]! * 256 + colour[2]! + 1;
  for (let i = 0; i < width * height; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const n = (seed / 0x7fffffff - 0.5) * amp;
    for (let c = 0; c < 3; c += 1) pixels[i * 3 + c] = Math.max(0, Math.min(255, colour[c]! + n));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The mean colour (rounded, RGB) and the size of the image the service shows at `url`. */
export async function shownImage(url: string): Promise<{ bytes: number; colour: number[] }> {
  const image = Buffer.from(await (await fetch(url)).arrayBuffer());
  const stats = await sharp(image).stats();
  return { bytes: image.length, colour: stats.channels.slice(0, 3).map((c) => Math.round(c.mean)) };
}

/** Whether `colour` is `want` within what JPEG keeps of it. */
export function sameColour(colour: readonly number[], want: readonly number[]): boolean {
  return colour.every((value, c) => Math.abs(value - want[c]!) < 12);
}
