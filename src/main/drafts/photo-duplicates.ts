// Photos added twice: each new photo is compared with the draft's photos and with the ones added
// before it, by how they look (media/photo-hash.ts), so the seller is told and chooses; nothing is
// dropped here. Photos of drafts made before hashes existed are hashed from their thumbnail when a
// new photo is compared with them, and keep the hash.
import type { DraftPhoto, PhotoDuplicate } from '../../shared/domain/drafts';
import { isPhotoHash, looksSame, photoHash } from '../media/photo-hash';
import { fromDataPath } from '../storage/draft-files';

/** `photos` each with a hash; ones without get it from their thumbnail, or stay without if it cannot be read. */
export async function withHashes(
  dataDir: string,
  photos: readonly DraftPhoto[],
  log: { error(message: string, error?: unknown): void },
): Promise<DraftPhoto[]> {
  return Promise.all(
    photos.map(async (photo) => {
      if (isPhotoHash(photo.hash)) return photo;
      try {
        return { ...photo, hash: await photoHash(fromDataPath(dataDir, photo.thumb)) };
      } catch (error) {
        log.error(`Photo ${photo.id} could not be hashed to compare it with new photos`, error);
        return photo;
      }
    }),
  );
}

/** The photos of `added` that look like one of `existing` or like one added before them (the first match). */
export function findDuplicates(
  existing: readonly DraftPhoto[],
  added: readonly DraftPhoto[],
): PhotoDuplicate[] {
  const seen = [...existing];
  const out: PhotoDuplicate[] = [];
  for (const photo of added) {
    const hash = photo.hash;
    const match = isPhotoHash(hash)
      ? seen.find((other) => isPhotoHash(other.hash) && looksSame(hash, other.hash))
      : undefined;
    if (match) {
      const identical =
        match.hash === hash &&
        match.width === photo.width &&
        match.height === photo.height &&
        match.bytes === photo.bytes;
      out.push({ photoId: photo.id, sameAs: match.id, identical });
    }
    seen.push(photo);
  }
  return out;
}
