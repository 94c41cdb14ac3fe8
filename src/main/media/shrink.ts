// Smaller copies of a stored photo, for a service that answers 413 "Media is too large." to it. The
// spec does not give the limit, so copies are tried along a ladder: lower quality first (the buyer
// keeps the full picture), then a smaller edge, down to a floor of 1024 px on the longest edge (below
// it a photo is of little use to a buyer). The stored photo itself is never changed. Used by the
// publish engine and by the live-edit path alike.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../storage/atomic-file';
import { loadSharp } from './load-sharp';
import type { StoredMediaType } from './sniff';

/** The longest edge no copy goes below (a photo already smaller keeps its size). */
export const FLOOR_EDGE = 1024;
// Tried at every edge, best first.
const QUALITIES = [82, 72, 62, 52] as const;
// Each smaller edge is this part of the one before.
const EDGE_STEP = 0.8;

/** The copy written: its size, and whether it is below the size asked for. */
export interface SmallerCopy {
  bytes: number;
  /** Its longest edge in px. */
  edge: number;
  quality: number;
  /** False: even the smallest copy on the ladder (at the floor) is not below `belowBytes`. */
  fits: boolean;
}

/** The edges tried for a photo whose longest edge is `longest`, largest first. */
export function ladderEdges(longest: number): number[] {
  if (longest <= FLOOR_EDGE) return [longest];
  const edges: number[] = [];
  for (let edge = longest; edge > FLOOR_EDGE; edge = Math.round(edge * EDGE_STEP)) edges.push(edge);
  edges.push(FLOOR_EDGE);
  return edges;
}

/**
 * Writes to `dest` the first copy of `file` on the ladder that is below `belowBytes`; when none is,
 * the smallest one (at the floor, lowest quality), marked `fits: false`.
 */
export async function shrinkBelow(
  file: string,
  mediaType: StoredMediaType,
  dest: string,
  belowBytes: number,
): Promise<SmallerCopy> {
  const sharp = await loadSharp();
  const source = await readFile(file);
  const meta = await sharp(source).metadata();
  const longest = Math.max(meta.width, meta.height);
  let smallest: { image: Buffer; edge: number; quality: number } | null = null;
  // Edges above this cannot fit: the bytes of a copy go roughly with its pixels, so after an edge
  // that did not fit, the ones that surely will not either are skipped (the floor is always tried).
  let within = Infinity;
  for (const edge of ladderEdges(longest)) {
    if (edge > within && edge > FLOOR_EDGE) continue;
    let lowest = Infinity;
    // Scaled once per edge; every quality is encoded from the same pixels.
    const { data, info } = await sharp(source)
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const quality of QUALITIES) {
      const pixels = sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      });
      const image =
        mediaType === 'image/png'
          ? await pixels.png({ compressionLevel: 9, palette: true, quality }).toBuffer()
          : await pixels.jpeg({ quality, mozjpeg: true }).toBuffer();
      if (image.byteLength < belowBytes) {
        await writeFileAtomic(dest, image);
        return { bytes: image.byteLength, edge, quality, fits: true };
      }
      if (smallest === null || image.byteLength < smallest.image.byteLength)
        smallest = { image, edge, quality };
      lowest = Math.min(lowest, image.byteLength);
    }
    within = edge * Math.sqrt(belowBytes / lowest) * 1.15;
  }
  // The ladder is never empty, so something was encoded.
  const last = smallest!;
  await writeFileAtomic(dest, last.image);
  return { bytes: last.image.byteLength, edge: last.edge, quality: last.quality, fits: false };
}

/** What a service is known to take: the largest photo it attached, the smallest it refused with 413. */
export interface MediaLimit {
  acceptedBytes: number | null;
  refusedBytes: number | null;
}

/** The limit after `bytes` were attached (`accepted`) or refused with 413. */
export function noteMediaSize(limit: MediaLimit | null, bytes: number, accepted: boolean): MediaLimit {
  const { acceptedBytes = null, refusedBytes = null } = limit ?? {};
  if (accepted) {
    // A refusal at or below what was just taken is stale (the service raised its limit).
    return {
      acceptedBytes: Math.max(acceptedBytes ?? 0, bytes),
      refusedBytes: refusedBytes !== null && refusedBytes > bytes ? refusedBytes : null,
    };
  }
  return {
    acceptedBytes: acceptedBytes !== null && acceptedBytes < bytes ? acceptedBytes : null,
    refusedBytes: Math.min(refusedBytes ?? Number.MAX_SAFE_INTEGER, bytes),
  };
}

/**
 * The size a photo should stay within for this service, or null while no 413 is known. What was
 * attached is surely safe; a size well below the smallest refusal is tried when that leaves more.
 */
export function sizeToFit(limit: MediaLimit | null): number | null {
  if (limit?.refusedBytes == null) return null;
  const below = Math.floor(limit.refusedBytes * 0.85);
  return Math.max(limit.acceptedBytes ?? 0, below);
}
