// An ad's end and pauses: deleting a listing and changing a publication's requested state. Neither is
// in the spec's Endpoints table; the service behind it documents both. Each can be switched off by
// its quirk, and then answers as a service without it would (404, 405 or 501).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { problems } from '../errors';
import type { Problem } from '../errors';
import type { PublicationRecord, RequestedState } from '../model';
import { requestState, settle, settleListing } from '../publication-state';
import type { Offered } from '../quirks';
import { renderPublication } from '../render';
import { defineRoute, ownListing, param, sendUpdated } from './common';

const REQUESTED: Readonly<Record<string, RequestedState>> = { PAUSED: 'PAUSED', RESUMED: 'PUBLISHED' };

/** The answer of a service that does not offer the operation, or null when it is offered. */
function notOffered(offered: Offered, method: string, allow: string): Problem | null {
  if (offered === 'on') return null;
  if (offered === 404) return problems.notFound();
  if (offered === 405) return problems.methodNotAllowed(method, allow);
  return problems.notImplemented();
}

/** Registers the delete and state routes (under the `/api` prefix, behind authentication). */
export function lifecycleRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  // Removes the listing with its publications and media; the answer follows the updateResponse
  // quirk (200 with the listing as it was, or 204). A second delete is 404 Listing not found.
  defineRoute(api, 'DELETE /v1/listings/:uuid', async (request, reply) => {
    const off = notOffered(ctx.quirks.listingDelete, 'DELETE', 'GET, PUT');
    if (off) throw off;
    const listing = ownListing(ctx, request, param(request, 'uuid'));
    settleListing(listing, ctx.store, Date.now());
    const media = ctx.store.removeListing(listing);
    ctx.store.onChange();
    await Promise.all(media.map((uuid) => ctx.files.removeMedia(uuid)));
    return sendUpdated(ctx, reply, listing);
  });

  // requestedState=PAUSED or RESUMED (RESUMED asks for PUBLISHED again). The actual state follows
  // after the validation delay; asking twice for the same state changes nothing.
  defineRoute(api, 'PUT /v1/listings/:uuid/publications/:publicationUuid/state', async (request, reply) => {
    const off = notOffered(ctx.quirks.publicationStateChange, 'PUT', 'GET');
    if (off) throw off;
    const raw = (request.query as Record<string, unknown>).requestedState;
    if (raw === undefined) throw problems.missingParameter('requestedState');
    const wanted = typeof raw === 'string' ? REQUESTED[raw] : undefined;
    if (!wanted) throw problems.badRequestedState(String(raw));
    const listing = ownListing(ctx, request, param(request, 'uuid'), problems.publicationNotFound);
    const publication = ctx.store.publication(request.clientId, param(request, 'publicationUuid'));
    if (!publication || publication.listingUuid !== listing.uuid) throw problems.publicationNotFound();
    const now = Date.now();
    settle(publication, ctx.store, now);
    requestState(publication, wanted, now, ctx.config.validationDelayMs);
    ctx.store.onChange();
    return sendPublication(ctx, reply, publication);
  });
}

function sendPublication(
  ctx: SandboxContext,
  reply: FastifyReply,
  publication: PublicationRecord,
): FastifyReply {
  if (ctx.quirks.updateResponse === 204) return reply.code(204).send();
  return reply.code(200).send(renderPublication(publication, ctx.quirks));
}
