// Builds the bad-input corpus at test time (no binary fixtures in the repository): real images made
// with sharp, and the odd files a seller's disk really holds, made byte by byte.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { Sharp } from 'sharp';

// The same noise in every run, for a test near a threshold (a hash's distance) that must not pass
// one run and fail the next: mulberry32 from a fixed start.
function fixedNoise(length: number): Buffer {
  let state = 0x9e3779b9;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 255;
  }
  return bytes;
}

/**
 * A `width` × `height` RGB image of gradients with some noise, like a photo to an encoder; its noise
 * differs each time unless `noise` is 'fixed'.
 */
export function photoLike(
  width: number,
  height: number,
  seed = 0,
  noise: 'random' | 'fixed' = 'random',
): Sharp {
  const grain = noise === 'fixed' ? fixedNoise(width * height) : randomBytes(width * height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const n = ((grain[i] as number) & 31) - 16;
      pixels[i * 3] = ((x * 255) / width + n + seed) & 255;
      pixels[i * 3 + 1] = ((y * 255) / height + n) & 255;
      pixels[i * 3 + 2] = (((x + y) * 128) / (width + height) + 64 + n) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A one-colour image, fast to make at any size. */
export function plain(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
}

/** The EXIF tags of IFD0 and of the GPS IFD (tag number in hex -> value or offset). */
export function exifTags(exif: Buffer): { ifd0: Record<string, number>; gps?: Record<string, number> } {
  // sharp hands EXIF over as "Exif\0\0" followed by a TIFF structure.
  const tiff = exif.subarray(6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = (offset: number) => {
    const tags: Record<string, number> = {};
    for (let i = 0; i < u16(offset); i++) {
      const entry = offset + 2 + i * 12;
      tags[u16(entry).toString(16)] = u32(entry + 8);
    }
    return tags;
  };
  const ifd0 = ifd(u32(4));
  const gpsOffset = ifd0['8825'];
  return { ifd0, gps: gpsOffset === undefined ? undefined : ifd(gpsOffset) };
}

/** A JPEG as a phone writes it: stored sideways with EXIF orientation 6 and a GPS position. */
export function sidewaysWithGps(width: number, height: number): Promise<Buffer> {
  return photoLike(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 36/1',
      },
    })
    .toBuffer();
}

/** A PNG whose header declares `width` × `height` (a decompression bomb's trick) over tiny data. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await plain(8, 8).png().toBuffer());
  // IHDR is the first chunk: length(4) type(4) at offset 8, data from 16, CRC after 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A valid 2 × 2 BMP: an image format the service does not take and libvips cannot read. */
export function bmp(): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + 16, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(16, 34);
  return Buffer.concat([header, Buffer.alloc(16, 0x80)]);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...payload);

/**
 * A structurally valid HEIC (as an iPhone writes, HEVC-coded) with a dummy bitstream: enough for
 * a decoder to know it needs HEVC, which the prebuilt libvips does not have.
 */
export function heic(width = 64, height = 48): Buffer {
  const hvcC = box(
    'hvcC',
    Buffer.from([
      1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 90, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0,
    ]),
  );
  const build = (dataOffset: number) => {
    const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
    const meta = fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict'), u32(0), u32(0), u32(0), Buffer.from([0])),
      fullBox('pitm', 0, u16(1)),
      fullBox('iloc', 0, Buffer.from([0x44, 0]), u16(1), u16(1), u16(0), u16(1), u32(dataOffset), u32(16)),
      fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1'), Buffer.from([0]))),
      box(
        'iprp',
        box('ipco', hvcC, fullBox('ispe', 0, u32(width), u32(height))),
        fullBox('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02])),
      ),
    );
    return Buffer.concat([ftyp, meta]);
  };
  const head = build(build(0).length + 8);
  return Buffer.concat([
    head,
    box('mdat', Buffer.from([0, 0, 0, 12, 0x26, 1, 0xaf, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
  ]);
}
