// Photo intake: one dropped file in, one stored photo (plus its thumbnail) in the draft's photo
// folder out, or a refusal that names the file and says what to do. The stored photo is a JPEG or
// PNG, upright, without metadata and no larger than the maximum edge, so it can be uploaded as is.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';
import { intakeMessage } from './intake-messages';
import type { IntakeErrorCode, MessageDetail } from './intake-messages';
import { normalizeImage } from './normalize';
import { photoHash } from './photo-hash';
import { readSource, sourceName } from './read-source';
import type { IntakeSource } from './read-source';
import { sniffImage } from './sniff';
import type { StoredMediaType } from './sniff';

export type { IntakeErrorCode } from './intake-messages';
export type { IntakeSource } from './read-source';
export type { StoredMediaType } from './sniff';

export interface IntakeOptions {
  /** Absolute folder the photo is stored in, e.g. `<dataDir>/photos/<draftId>`; created if missing. */
  destDir: string;
  /** Longest edge of the stored photo; larger photos are scaled down, smaller ones never up. */
  maxEdge?: number;
  /** Longest edge of the thumbnail. */
  thumbEdge?: number;
  /** Larger inputs are refused before they are read. */
  maxInputBytes?: number;
  /** Images declaring more pixels are refused before they are decoded (decompression bombs). */
  maxInputPixels?: number;
  /** Checked between steps; a photo already being written is finished and kept. */
  signal?: AbortSignal;
}

export const INTAKE_DEFAULTS = {
  // What a marketplace shows (and zooms into) without sending 12 MP over a seller's 20 Mbit/s
  // upload; the Settings offer larger edges for those who want them.
  maxEdge: 2048,
  thumbEdge: 320,
  maxInputBytes: 50 * 1024 * 1024,
  // A 100 MP medium-format photo passes; the decoded image may need ~300 MB per photo in flight.
  maxInputPixels: 100_000_000,
} as const;

export interface StoredPhoto {
  id: string;
  /** Absolute path of the stored image. */
  file: string;
  /** Absolute path of the JPEG thumbnail. */
  thumb: string;
  mediaType: StoredMediaType;
  width: number;
  height: number;
  /** Size of the stored image in bytes. */
  bytes: number;
  originalName: string;
  /** How it looks (photo-hash.ts); absent when it could not be taken, which never refuses a photo. */
  hash?: string;
}

export interface IntakeFailure {
  ok: false;
  name: string;
  code: IntakeErrorCode;
  /** English, names the file and says what to do. */
  message: string;
  /** The format of an 'unsupported' file, for the renderer's advice in its own language. */
  label?: string;
  /** The error of a write the disk refused, for the caller to say in its own words (write-failure.ts). */
  writeError?: unknown;
}

export type IntakeResult = { ok: true; photo: StoredPhoto } | IntakeFailure;

/** A refusal of the file `name` with its message. */
export function intakeFailure(
  name: string,
  code: IntakeErrorCode,
  detail: MessageDetail = {},
): IntakeFailure {
  const label = code === 'unsupported' ? detail.label : undefined;
  return { ok: false, name, code, message: intakeMessage(code, name, detail), ...(label && { label }) };
}

const WRITE_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOTDIR: 'its photo folder cannot be created',
};

/** Sniffs, validates and normalizes one photo and stores it with a thumbnail in `destDir`. */
export async function intakePhoto(source: IntakeSource, options: IntakeOptions): Promise<IntakeResult> {
  const name = sourceName(source);
  const { signal } = options;
  if (!path.isAbsolute(options.destDir)) throw new Error(`destDir must be absolute: ${options.destDir}`);
  if (signal?.aborted) return intakeFailure(name, 'cancelled');

  const read = await readSource(source, options.maxInputBytes ?? INTAKE_DEFAULTS.maxInputBytes);
  if (!read.ok) return intakeFailure(name, read.code, read.detail);
  const sniffed = await sniffImage(read.bytes);
  if (sniffed.kind === 'not-an-image') return intakeFailure(name, 'not-an-image', { label: sniffed.label });
  if (sniffed.kind === 'unsupported') return intakeFailure(name, 'unsupported', { label: sniffed.label });
  if (signal?.aborted) return intakeFailure(name, 'cancelled');

  const mediaType: StoredMediaType = sniffed.kind === 'keep' ? sniffed.mediaType : 'image/jpeg';
  const label = sniffed.kind === 'convert' ? sniffed.label : mediaType === 'image/png' ? 'PNG' : 'JPEG';
  const normalized = await normalizeImage(read.bytes, mediaType, label, {
    maxEdge: options.maxEdge ?? INTAKE_DEFAULTS.maxEdge,
    thumbEdge: options.thumbEdge ?? INTAKE_DEFAULTS.thumbEdge,
    maxInputPixels: options.maxInputPixels ?? INTAKE_DEFAULTS.maxInputPixels,
  });
  if (!normalized.ok) return intakeFailure(name, normalized.code, normalized.detail);
  if (signal?.aborted) return intakeFailure(name, 'cancelled');

  const hash = await photoHash(normalized.thumb).catch(() => undefined);
  // A fresh id, not the original name: two "IMG_0001.jpg" from two cameras must not collide, and
  // the name (which may be anything) never becomes part of a path.
  const id = randomUUID();
  // A PNG photograph may have been stored as JPEG: the stored type names the file and the upload.
  const stored = normalized.mediaType;
  const file = path.join(options.destDir, `${id}${stored === 'image/png' ? '.png' : '.jpg'}`);
  const thumb = path.join(options.destDir, `${id}.thumb.jpg`);
  try {
    await writeFileAtomic(file, normalized.image);
    await writeFileAtomic(thumb, normalized.thumb);
  } catch (error) {
    // The image may be written while the thumbnail failed; a missing folder just means nothing to undo.
    await Promise.all([file, thumb].map((f) => rm(f, { force: true }).catch(() => undefined)));
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = `${WRITE_REASONS[code] ?? (code || 'unknown reason')}: ${options.destDir}`;
    return { ...intakeFailure(name, 'not-saved', { reason }), writeError: error };
  }
  return {
    ok: true,
    photo: {
      id,
      file,
      thumb,
      mediaType: stored,
      width: normalized.width,
      height: normalized.height,
      bytes: normalized.image.byteLength,
      originalName: name,
      ...(hash !== undefined && { hash }),
    },
  };
}
