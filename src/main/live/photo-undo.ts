// Removing a photo from a live listing, with an undo for a while: before the removal a local copy
// is made sure of (the linked draft's own file, else the image downloaded from its media URL into
// the data folder's cache), so that Undo can send the very image again and put it back at its
// place. The linked draft follows: the photo leaves its photos and `remote.photoUrls` with the
// removal and comes back with the undo; its files stay until the undo window has passed.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Draft, DraftPhoto } from '../../shared/domain/drafts';
import { PHOTO_UNDO_WINDOW_MS, type PhotoRemoval } from '../../shared/domain/live';
import type { ListingView } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { sniffImage, type StoredMediaType } from '../media/sniff';
import type { ServiceClient } from '../service-client';
import { fromDataPath } from '../storage/draft-files';
import type { DraftsStore } from '../storage/drafts-store';
import { attachPhoto } from './attach-photo';
import { download } from './draft-copy';
import { findLinkedDraft } from './linked-draft';
import type { LiveContext } from './live-context';
import { liveAppError, tooLargeMessage } from './live-errors';

/** What the photo undo needs besides the live context. */
export interface PhotoUndoDeps {
  store: DraftsStore;
  onChange(ids: string[]): void;
  /** How long Undo is accepted (default PHOTO_UNDO_WINDOW_MS). */
  windowMs?: number;
  /** The clock of the window (tests move it). */
  now?: () => number;
}

interface Offer {
  id: string;
  accountId: string;
  listingUuid: string;
  /** The photo's index in the listing before removal. */
  index: number;
  file: string;
  mediaType: StoredMediaType;
  name: string;
  /** The cache file made for this offer (removed with it); null when the draft's file is used. */
  cached: string | null;
  /** The linked draft's photo taken out with the removal, and where it stood. */
  draftPhoto: { draftId: string; photo: DraftPhoto; index: number } | null;
  expiresAt: number;
  timer: NodeJS.Timeout;
}

/** Removal and undo of live photos; `remove` and `undo` run inside the listing's lock. */
export function createPhotoUndo(ctx: LiveContext, deps: PhotoUndoDeps) {
  const { store } = deps;
  const windowMs = deps.windowMs ?? PHOTO_UNDO_WINDOW_MS;
  const now = deps.now ?? Date.now;
  const cacheDir = path.join(ctx.dataDir, 'live-undo');
  const offers = new Map<string, Offer>();
  // Copies left by a quit inside a window: their undo went with the process.
  try {
    rmSync(cacheDir, { recursive: true, force: true });
  } catch (error) {
    ctx.log.error(`Could not remove ${cacheDir}`, error);
  }

  const editDraft = async (id: string, change: (draft: Draft) => Draft) => {
    await store.update(id, change);
    deps.onChange([id]);
  };

  /** Ends an offer: its cache copy goes, and so do the draft photo's files if nothing names them now. */
  const drop = async (offer: Offer) => {
    clearTimeout(offer.timer);
    offers.delete(offer.id);
    const files = offer.cached ? [offer.cached] : [];
    if (offer.draftPhoto) {
      const { draftId, photo } = offer.draftPhoto;
      const draft = await store.get(draftId).catch(() => null);
      if (!draft?.photos.some((p) => p.file === photo.file))
        files.push(fromDataPath(ctx.dataDir, photo.file), fromDataPath(ctx.dataDir, photo.thumb));
    }
    await Promise.all(
      files.map((file) =>
        rm(file, { force: true }).catch((error: unknown) => ctx.log.error(`Could not remove ${file}`, error)),
      ),
    );
  };

  /** The image of `url` kept on disk: the linked draft's photo, else a downloaded copy; null if neither. */
  const keepCopy = async (draft: Draft | null, url: string, n: number, id: string) => {
    const photoId = Object.entries(draft?.remote?.photoUrls ?? {}).find(([, u]) => u === url)?.[0];
    const index = draft?.photos.findIndex((p) => p.id === photoId) ?? -1;
    const photo = index >= 0 ? draft!.photos[index]! : undefined;
    if (draft && photo) {
      const source = { file: fromDataPath(ctx.dataDir, photo.file), mediaType: photo.mediaType };
      return {
        ...source,
        name: photo.originalName,
        cached: null,
        draftPhoto: { draftId: draft.id, photo, index },
      };
    }
    try {
      const bytes = await download(url, n);
      const sniffed = await sniffImage(bytes);
      // The app only ever attaches JPEG and PNG; anything else could not be sent back as it is.
      if (sniffed.kind !== 'keep') throw new Error(`the image is not a JPEG or PNG (${sniffed.kind})`);
      await mkdir(cacheDir, { recursive: true });
      const file = path.join(cacheDir, `${id}${sniffed.mediaType === 'image/png' ? '.png' : '.jpg'}`);
      await writeFile(file, bytes);
      return { file, mediaType: sniffed.mediaType, name: `photo ${n}`, cached: file, draftPhoto: null };
    } catch (error) {
      ctx.log.error(`Photo ${n} of listing: no copy could be kept for Undo`, error);
      return null;
    }
  };

  return {
    /** Removes photo `url` from the listing, keeping a copy first; answers with the undo offered. */
    async remove(client: ServiceClient, accountId: string, uuid: string, url: string): Promise<PhotoRemoval> {
      const before = await client.getListing(uuid);
      const index = before.urls.indexOf(url);
      const draft = await findLinkedDraft(ctx, store, accountId, uuid).catch(() => null);
      const id = randomUUID();
      const copy = index >= 0 ? await keepCopy(draft, url, index + 1, id) : null;
      try {
        await client.deleteMedia(uuid, [url]);
      } catch (error) {
        if (copy?.cached) await rm(copy.cached, { force: true });
        throw error;
      }
      // The deletion's answer is not shown by the spec: read the listing again.
      const listing: ListingView = await client.getListing(uuid);
      await ctx.remember(accountId, listing);
      if (draft) {
        // The draft maps only URLs the listing shows, and its photos stay those of the ad.
        const photoId = copy?.draftPhoto?.photo.id;
        await editDraft(draft.id, (current) => {
          const photoUrls = Object.fromEntries(
            Object.entries(current.remote?.photoUrls ?? {}).filter(([, u]) => u !== url),
          );
          return {
            ...current,
            photos: current.photos.filter((p) => p.id !== photoId),
            remote: current.remote ? { ...current.remote, photoUrls } : current.remote,
          };
        }).catch((error: unknown) =>
          ctx.log.error(`Draft ${draft.id} could not follow a photo removal`, error),
        );
      }
      if (!copy) return { listing, undo: null };
      const offer: Offer = {
        id,
        accountId,
        listingUuid: uuid,
        index,
        ...copy,
        expiresAt: now() + windowMs,
        timer: setTimeout(() => void drop(offer), windowMs + 5_000).unref(),
      };
      offers.set(id, offer);
      return { listing, undo: { id, position: index + 1, total: before.urls.length, windowMs } };
    },

    /** Sends the removed photo again from its copy and puts it back at its place. */
    async undo(client: ServiceClient, accountId: string, uuid: string, id: string): Promise<ListingView> {
      const offer = offers.get(id);
      if (!offer || offer.listingUuid !== uuid || offer.accountId !== accountId || now() > offer.expiresAt) {
        if (offer) await drop(offer);
        ctx.log.info(`Undo of a photo removal on listing ${uuid} refused: its time has passed`);
        // The renderer words it too (details.problem); the message is for the log and other callers.
        const message = mainI18n.t('errors:undoExpired');
        throw new AppError('conflict', message, { problem: 'undo-expired', message });
      }
      return ctx.withWorkDir(async (workDir) => {
        let listing = await client.getListing(uuid);
        // Attaching is a POST whose answer may be lost: attachPhoto looks before it sends again.
        const outcome = await attachPhoto(client, uuid, offer, listing.urls, { workDir });
        if (!outcome.ok) throw liveAppError('media-too-large', undefined, tooLargeMessage(offer.name));
        listing = outcome.listing;
        const others = listing.urls.filter((u) => u !== outcome.url);
        const order = [...others];
        order.splice(Math.min(offer.index, others.length), 0, outcome.url);
        if (order.some((u, i) => listing.urls[i] !== u)) listing = await client.orderMedia(uuid, order);
        if (offer.draftPhoto) {
          const { draftId, photo, index } = offer.draftPhoto;
          await editDraft(draftId, (current) => {
            const photos = current.photos.filter((p) => p.id !== photo.id);
            photos.splice(Math.min(index, photos.length), 0, photo);
            const remote = current.remote
              ? { ...current.remote, photoUrls: { ...current.remote.photoUrls, [photo.id]: outcome.url } }
              : current.remote;
            return { ...current, photos, remote };
          }).catch((error: unknown) => ctx.log.error(`Draft ${draftId} could not follow an undo`, error));
        }
        // After the draft has its photo back: remembering merges the listing into it (issue 23.1),
        // which would otherwise fetch the photo as one added live.
        await ctx.remember(accountId, listing);
        await drop(offer);
        return listing;
      });
    },
  };
}

/** The photo removal and its undo. */
export type PhotoUndo = ReturnType<typeof createPhotoUndo>;
