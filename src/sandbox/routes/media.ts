// Rows 1, 6, 7 and 8 of the Endpoints table: upload tickets, attaching, ordering and removing media.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AttachMediaRequest,
  MediaOrderRequest,
  MediaTicketRequest,
  SUPPORTED_MEDIA_TYPES,
} from '../../shared/service';
import type { MediaUploadTicket } from '../../shared/service';
import type { SandboxContext } from '../context';
import { mediaPrefix } from '../context';
import { problems } from '../errors';
import type { ListingRecord } from '../model';
import { settleListing } from '../publication-state';
import { defineRoute, ownListing, param, parseBody, sendListing, sendUpdated } from './common';

const SWEEP_EVERY = 100;

/** Registers the media routes (under the `/api` prefix, behind authentication). */
export function mediaRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  let ticketsSinceSweep = 0;

  // Row 1. Success status not shown: 200 with the ticket.
  defineRoute(
    api,
    'POST /v1/media',
    async (request, reply) => {
      const { mediaType } = parseBody(MediaTicketRequest, request.body, problems.failedToRead);
      if (!(SUPPORTED_MEDIA_TYPES as readonly string[]).includes(mediaType))
        throw problems.unsupportedMediaType();
      const now = Date.now();
      if (++ticketsSinceSweep >= SWEEP_EVERY) {
        ticketsSinceSweep = 0;
        for (const gone of ctx.store.sweepTickets(now))
          void ctx.files.removeUpload(gone.uuid).catch(() => {});
      }
      const uuid = randomUUID();
      const expireAt = now + Math.round(ctx.config.ticketTtlSeconds * 1000);
      ctx.store.tickets.set(uuid, {
        uuid,
        clientId: request.clientId,
        mediaType,
        expireAt,
        used: false,
        upload: null,
      });
      ctx.store.ticketsIssued[request.clientId] = (ctx.store.ticketsIssued[request.clientId] ?? 0) + 1;
      ctx.store.onChange();
      const path = `/storage/${uuid}`;
      // The URL's expiry is in whole seconds, rounded up; the storage also checks the ticket's exact expiry.
      const expires = Math.ceil(expireAt / 1000);
      const sig = ctx.signer.sign('PUT', path, expires);
      const ticket: MediaUploadTicket = {
        ticketUuid: uuid,
        signedPutUrl: `${ctx.origin}${path}?expires=${expires}&sig=${sig}`,
        expireAt: new Date(expireAt).toISOString(),
      };
      return reply.code(200).send(ticket);
    },
    'failedToRead',
  );

  // Row 6. A ticket without a completed upload counts as "not found" (there is nothing to attach).
  // An unreadable body gets the generic 400 "Failed to read request" (the spec shows no 400 here).
  defineRoute(
    api,
    'POST /v1/listings/:uuid/media',
    async (request, reply) => {
      const { ticketUuid } = parseBody(AttachMediaRequest, request.body, problems.failedToRead);
      const listing = ownListing(ctx, request, param(request, 'uuid'));
      const ticket = ctx.store.ticket(request.clientId, ticketUuid);
      const now = Date.now();
      if (!ticket || ticket.used || ticket.expireAt <= now || !ticket.upload) throw problems.ticketNotFound();
      if (ticket.upload.size > ctx.config.maxMediaBytes) throw problems.mediaTooLarge();
      // Taken before the first await, so two concurrent attaches of one ticket cannot both succeed.
      ticket.used = true;
      const mediaUuid = randomUUID();
      let size: number;
      try {
        size = await ctx.files.promote(ticket.uuid, mediaUuid);
      } catch (error) {
        ticket.used = false;
        throw error;
      }
      settleListing(listing, ctx.store, now);
      ctx.store.media.set(mediaUuid, {
        uuid: mediaUuid,
        clientId: request.clientId,
        listingUuid: listing.uuid,
        contentType: ticket.mediaType,
        size,
      });
      listing.media.push(mediaUuid);
      ctx.store.onChange();
      return sendListing(ctx, reply, listing);
    },
    'failedToRead',
  );

  // Row 7: exactly a permutation of the listing's current URLs, else 400 Invalid ordering.
  defineRoute(
    api,
    'PUT /v1/listings/:uuid/media/order',
    async (request, reply) => {
      const { urls } = parseBody(MediaOrderRequest, request.body, problems.invalidOrdering);
      const listing = ownListing(ctx, request, param(request, 'uuid'));
      const byUrl = urlIndex(ctx, listing);
      const order = urls.map((url) => byUrl.get(url));
      const distinct = new Set(order);
      if (urls.length !== listing.media.length || distinct.size !== urls.length || distinct.has(undefined)) {
        throw problems.invalidOrdering();
      }
      settleListing(listing, ctx.store, Date.now());
      listing.media = order as string[];
      ctx.store.onChange();
      return sendListing(ctx, reply, listing);
    },
    'invalidOrdering',
  );

  // Row 8. `urls` may be one value, repeated, or comma-separated. All named media must be on the
  // listing or nothing is removed (404 Could not remove media.), which also covers an unknown listing.
  defineRoute(api, 'DELETE /v1/listings/:uuid/media', async (request, reply) => {
    const raw = (request.query as Record<string, string | string[] | undefined>).urls;
    const urls = [raw ?? []]
      .flat()
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (urls.length === 0) throw problems.missingParameter('urls');
    const listing = ownListing(ctx, request, param(request, 'uuid'), problems.mediaNotRemoved);
    const byUrl = urlIndex(ctx, listing);
    const doomed = new Set(urls.map((url) => byUrl.get(url)));
    if (doomed.has(undefined)) throw problems.mediaNotRemoved();
    settleListing(listing, ctx.store, Date.now());
    listing.media = listing.media.filter((uuid) => !doomed.has(uuid));
    for (const uuid of doomed as Set<string>) ctx.store.media.delete(uuid);
    ctx.store.onChange();
    await Promise.all([...(doomed as Set<string>)].map((uuid) => ctx.files.removeMedia(uuid)));
    return sendUpdated(ctx, reply, listing);
  });
}

function urlIndex(ctx: SandboxContext, listing: ListingRecord): Map<string, string> {
  const prefix = mediaPrefix(ctx);
  return new Map(listing.media.map((uuid) => [`${prefix}/${uuid}`, uuid]));
}
