// Rows 9 to 11 of the Endpoints table, plus the read of all publications of a listing that the spec
// names without a path (GET /v1/listings/{uuid}/publications here), and row 12 (imprints).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { problems } from '../errors';
import { revalidate, settle, settleListing } from '../publication-state';
import { renderPublication } from '../render';
import { imprintCreate, publicationCreate, publicationUpdate } from '../validation';
import { defineRoute, ownListing, param, parseBody } from './common';

/** Registers the publication and imprint routes (under the `/api` prefix, behind authentication). */
export function publicationRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  // Row 9: 201 {uuid}; validation happens later (see publication-state.ts). An unknown imprint or a
  // malformed postal code is a validation failure (rejected state), not a 400.
  defineRoute(
    api,
    'POST /v1/listings/:uuid/publications',
    async (request, reply) => {
      const body = parseBody(publicationCreate, request.body, problems.missingData);
      if (ctx.quirks.districtRequired && !body.district?.trim()) throw problems.missingData();
      const listing = ownListing(ctx, request, param(request, 'uuid'));
      const now = Date.now();
      const ip = request.headers['true-client-ip'];
      const uuid = randomUUID();
      ctx.store.publications.set(uuid, {
        uuid,
        clientId: request.clientId,
        listingUuid: listing.uuid,
        availabilityRadiusInKm: body.availabilityRadiusInKm,
        street: body.street,
        city: body.city,
        district: body.district ?? null,
        postalCode: body.postalCode,
        imprintUuid: body.imprintUuid,
        trueClientIp: typeof ip === 'string' ? ip : null,
        createdAt: now,
        validateAt: now + ctx.config.validationDelayMs,
        outcome: null,
        adId: null,
      });
      listing.publications.push(uuid);
      ctx.store.onChange();
      return reply.code(201).send({ uuid });
    },
    'missingData',
  );

  // Row 10: 204. A publication that is unknown or belongs to another listing is the 400 mismatch.
  defineRoute(
    api,
    'PUT /v1/listings/:uuid/publications/:publicationUuid',
    async (request, reply) => {
      const body = parseBody(publicationUpdate, request.body, problems.failedToRead);
      const listing = ownListing(ctx, request, param(request, 'uuid'));
      const publicationUuid = param(request, 'publicationUuid');
      const publication = ctx.store.publication(request.clientId, publicationUuid);
      if (!publication || publication.listingUuid !== listing.uuid) throw problems.mismatch(publicationUuid);
      publication.availabilityRadiusInKm = body.availabilityRadiusInKm ?? publication.availabilityRadiusInKm;
      publication.street = body.street ?? publication.street;
      publication.city = body.city ?? publication.city;
      publication.district = body.district ?? publication.district;
      publication.postalCode = body.postalCode ?? publication.postalCode;
      publication.imprintUuid = body.imprintUuid ?? publication.imprintUuid;
      revalidate(publication, Date.now(), ctx.config.validationDelayMs);
      ctx.store.onChange();
      return reply.code(204).send();
    },
    'failedToRead',
  );

  // Row 11: any unknown or foreign listing or publication is 404 "Not found".
  defineRoute(api, 'GET /v1/listings/:uuid/publications/:publicationUuid', async (request, reply) => {
    const listing = ownListing(ctx, request, param(request, 'uuid'), problems.publicationNotFound);
    const publication = ctx.store.publication(request.clientId, param(request, 'publicationUuid'));
    if (!publication || publication.listingUuid !== listing.uuid) throw problems.publicationNotFound();
    if (settle(publication, ctx.store, Date.now())) ctx.store.onChange();
    return reply.code(200).send(renderPublication(publication, ctx.quirks));
  });

  // Not in the Endpoints table (path and shape not shown): the publications of a listing, oldest first.
  // The 'off' quirk answers as a service without this read would: the unknown-route 404.
  defineRoute(api, 'GET /v1/listings/:uuid/publications', async (request, reply) => {
    if (ctx.quirks.publicationsRead === 'off') throw problems.notFound();
    const listing = ownListing(ctx, request, param(request, 'uuid'));
    settleListing(listing, ctx.store, Date.now());
    const out = listing.publications.flatMap((uuid) => {
      const publication = ctx.store.publications.get(uuid);
      return publication ? [renderPublication(publication, ctx.quirks)] : [];
    });
    return reply.code(200).send(ctx.quirks.publicationsRead === 'object' ? { publications: out } : out);
  });

  // Row 12. Success status not shown: 200 with {uuid}.
  defineRoute(
    api,
    'POST /v1/imprints',
    async (request, reply) => {
      const { content } = parseBody(imprintCreate, request.body, problems.failedToRead);
      const uuid = randomUUID();
      ctx.store.imprints.set(uuid, { uuid, clientId: request.clientId, content, createdAt: Date.now() });
      ctx.store.onChange();
      return reply.code(200).send({ uuid });
    },
    'failedToRead',
  );
}
