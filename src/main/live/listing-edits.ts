// Changes to a live listing of the active account: its fields (only what changed; its publications
// then go through validation again and the publish engine follows them), and its photos (add through
// the drafts' intake, remove, reorder). Every call answers with the listing as the service has it
// afterwards, and puts it into the Listings view.
import type {
  ListingPatch,
  ListingPhotosResult,
  PhotoRemoval,
  PublicationView,
} from '../../shared/domain/live';
import { listingPatchChanges } from '../../shared/domain/live';
import { MAX_PHOTO_UPLOAD_BYTES } from '../../shared/ipc/contract';
import type { ListingView, PhotoRefusal } from '../../shared/ipc/types';
import type { ListingUpdateRequest } from '../../shared/service';
import { collectDroppedFiles } from '../media/folder';
import { intakeFailure, type IntakeSource } from '../media/intake';
import { intakeMany } from '../media/intake-queue';
import type { ServiceClient } from '../service-client';
import { attachPhoto } from './attach-photo';
import type { LiveContext } from './live-context';
import type { SentCategories } from './linked-draft';
import type { PhotoUndo } from './photo-undo';
import { liveProblemOf, tooLargeMessage } from './live-errors';

/** Changes to live listings. */
export interface ListingEdits {
  /**
   * Sends the fields of `patch` that differ from the listing; answers with it and its publications.
   * `accountId`: the listing's account when not the selected one (a price rule's step).
   */
  update(
    uuid: string,
    patch: ListingPatch,
    accountId?: string,
  ): Promise<{ listing: ListingView; publications: PublicationView[] }>;
  /** Takes in dropped files (paths) and attaches them, in order. */
  addPhotos(uuid: string, paths: string[]): Promise<ListingPhotosResult>;
  /** Takes in one photo's bytes (web shell) and attaches it. */
  addPhotoBytes(
    uuid: string,
    file: { name: string; size: number; bytes: Buffer | null },
  ): Promise<ListingPhotosResult>;
  /** Removes one photo, keeping a copy for a while; answers with the undo it offers. */
  removePhoto(uuid: string, url: string): Promise<PhotoRemoval>;
  /** Sends a removed photo again and puts it back at its place, while its undo is offered. */
  undoRemovePhoto(uuid: string, undoId: string): Promise<ListingView>;
  /** Puts the listing's photos in this order (exactly its current URLs). */
  orderPhotos(uuid: string, urls: string[]): Promise<ListingView>;
}

/**
 * The update request of a patch. A cleared optional text is sent as '': the spec does not say what
 * null means in an update, and a service that reads it as "keep" (as the sandbox does) would
 * otherwise never clear the field.
 */
export function updateRequestOf(patch: ListingPatch): ListingUpdateRequest {
  const request: ListingUpdateRequest = { ...patch };
  for (const field of ['phoneNumber', 'customReference', 'contactPerson'] as const)
    if (patch[field] === null) request[field] = '';
  return request;
}

/** Builds the listing edits over the shared live context (photo removals through `photoUndo`). */
export function createListingEdits(
  ctx: LiveContext,
  photoUndo: PhotoUndo,
  sentCategories?: SentCategories,
): ListingEdits {
  /** Runs `task` on listing `uuid` of the account (the active one by default), one change at a time, with live errors. */
  const onListingOf =
    (account?: string) =>
    <T>(uuid: string, task: (client: ServiceClient, accountId: string) => Promise<T>) => {
      const { accountId, client } = ctx.clientOf(account);
      return ctx.exclusive(uuid, async () => {
        try {
          return await task(client, accountId);
        } catch (error) {
          // After an order or a removal that no longer fits, the view shows what the service has.
          const problem = liveProblemOf(error);
          if (problem === 'invalid-ordering' || problem === 'media-not-removed') {
            await client
              .getListing(uuid)
              .then((listing) => ctx.remember(accountId, listing))
              .catch(() => undefined);
          }
          throw await ctx.fail(accountId, uuid, error);
        }
      });
    };
  const onListing = onListingOf();

  const addSources = (uuid: string, sources: IntakeSource[], refused: PhotoRefusal[]) =>
    onListing(uuid, (client, accountId) =>
      ctx.withWorkDir(async (dir) => {
        // Read first: a listing that is gone is said before any photo is processed.
        let listing = await client.getListing(uuid);
        let added = 0;
        try {
          const results = await intakeMany(sources, { destDir: dir, maxEdge: ctx.maxEdge() });
          for (const result of results) {
            if (!result.ok) {
              refused.push({
                name: result.name,
                code: result.code,
                message: result.message,
                ...(result.label && { label: result.label }),
              });
              continue;
            }
            const { photo } = result;
            const outcome = await attachPhoto(
              client,
              uuid,
              { file: photo.file, mediaType: photo.mediaType, name: photo.originalName },
              listing.urls,
              { workDir: dir },
            );
            if (!outcome.ok) {
              const message = tooLargeMessage(photo.originalName);
              refused.push({ name: photo.originalName, code: 'media-too-large', message });
              continue;
            }
            listing = outcome.listing;
            added += 1;
          }
        } finally {
          // Photos attached before a failure show in the view all the same.
          if (added > 0) await ctx.remember(accountId, listing);
        }
        return { listing, added, refused };
      }),
    );

  return {
    update: (uuid, patch, account) =>
      onListingOf(account)(uuid, async (client, accountId) => {
        const current = await client.getListing(uuid);
        const changes = listingPatchChanges(patch, current);
        const sent = Object.keys(changes).length > 0;
        if (sent) await client.updateListing(uuid, updateRequestOf(changes));
        if (changes.category !== undefined) sentCategories?.set(uuid, changes.category);
        // The update's answer is not shown by the spec (any body or none): read the listing again.
        const listing = sent ? await client.getListing(uuid) : current;
        await ctx.remember(accountId, listing);
        // The update reaches every publication of the listing: they are validated again.
        if (sent) await ctx.engine.retrack(uuid);
        const publications = await ctx.publications.ofListing(client, uuid);
        return { listing, publications };
      }),

    async addPhotos(uuid, paths) {
      const dropped = await collectDroppedFiles(paths);
      const refused = dropped.skipped.map(({ name, code, message }) => ({ name, code, message }));
      return addSources(
        uuid,
        dropped.files.map((file) => ({ path: file })),
        refused,
      );
    },

    async addPhotoBytes(uuid, { name, size, bytes }) {
      if (bytes === null || size > MAX_PHOTO_UPLOAD_BYTES) {
        const refusal = intakeFailure(name, 'too-large', { bytes: size, maxBytes: MAX_PHOTO_UPLOAD_BYTES });
        const { accountId, client } = ctx.clientOf();
        let listing;
        try {
          listing = await client.getListing(uuid);
        } catch (error) {
          throw await ctx.fail(accountId, uuid, error);
        }
        return { listing, added: 0, refused: [{ name, code: refusal.code, message: refusal.message }] };
      }
      return addSources(uuid, [{ bytes, name }], []);
    },

    removePhoto: (uuid, url) =>
      onListing(uuid, (client, accountId) => photoUndo.remove(client, accountId, uuid, url)),

    undoRemovePhoto: (uuid, undoId) =>
      onListing(uuid, (client, accountId) => photoUndo.undo(client, accountId, uuid, undoId)),

    orderPhotos: (uuid, urls) =>
      onListing(uuid, async (client, accountId) => {
        const listing = await client.orderMedia(uuid, urls);
        await ctx.remember(accountId, listing);
        return listing;
      }),
  };
}
