// "Duplicate": a copy of a draft as a new ad, with copies of its photos in a folder of its own.
import { cp } from 'node:fs/promises';
import { draftPhotoFolder, type Draft } from '../../shared/domain/drafts';
import { newPriceRuleRecord } from '../../shared/domain/price-rules';
import { photoFolder } from './draft-files';

/**
 * The copy of `source` under `copyId` (not yet parsed or settled): new dates, photos pointing into
 * the copy's folder, no reference, remote link or schedule.
 */
export function draftCopy(source: Omit<Draft, 'shop'>, copyId: string, now: () => Date): Draft {
  const from = `${draftPhotoFolder(source.id)}/`;
  const to = `${draftPhotoFolder(copyId)}/`;
  const at = now().toISOString();
  // The reference is cleared: the publish engine finds a listing by it after a lost answer,
  // so two drafts must not share one.
  return {
    ...source,
    id: copyId,
    status: 'draft',
    createdAt: at,
    updatedAt: at,
    customReference: null,
    remote: null,
    schedule: null,
    // The copy is a new ad: its price rule starts afresh when it goes live.
    ...(source.priceRule && {
      priceRule: newPriceRuleRecord(source.priceRule.rule, source.priceRule.origin, now()),
    }),
    photos: source.photos.map((photo) => ({
      ...photo,
      file: to + photo.file.slice(from.length),
      thumb: to + photo.thumb.slice(from.length),
    })),
  };
}

// Photos are copied, not shared: editing or deleting one draft's photos must not touch the other's.
export async function copyPhotos(dataDir: string, fromId: string, toId: string): Promise<void> {
  try {
    await cp(photoFolder(dataDir, fromId), photoFolder(dataDir, toId), {
      recursive: true,
      errorOnExist: true,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
