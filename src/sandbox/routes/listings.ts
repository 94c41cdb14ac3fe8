// Rows 2 to 5 of the Endpoints table: create, list, read and update listings.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { mediaPrefix } from '../context';
import { passesCatalog } from '../catalog-check';
import { problems } from '../errors';
import type { ListingRecord } from '../model';
import { revalidate, settleListing } from '../publication-state';
import { oddListItems, renderListing } from '../render';
import { listingCreate, listingUpdate } from '../validation';
import { defineRoute, ownListing, param, parseBody, sendListing, sendUpdated } from './common';

/** Registers the listing routes (under the `/api` prefix, behind authentication). */
export function listingRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  // Row 2. The success status is not shown by the spec: 200 with {uuid}.
  defineRoute(
    api,
    'POST /v1/listings',
    async (request, reply) => {
      const body = parseBody(listingCreate, request.body, problems.failedToRead);
      const { category, attributes } = body;
      if (!passesCatalog(ctx.quirks, ctx.catalog, { category, attributes, sendsCategory: true }))
        throw problems.failedToRead();
      const listing: ListingRecord = {
        uuid: randomUUID(),
        clientId: request.clientId,
        createdAt: Date.now(),
        title: body.title,
        category: body.category,
        description: body.description,
        attributes: body.attributes,
        adType: body.adType,
        price: { type: body.price.type, amount: body.price.amount },
        email: body.email,
        phoneNumber: body.phoneNumber ?? null,
        customReference: body.customReference ?? null,
        contactPerson: body.contactPerson ?? null,
        buyNow: body.buyNow ?? null,
        media: [],
        publications: [],
      };
      ctx.store.putListing(listing);
      ctx.store.onChange();
      return reply.code(200).send({ uuid: listing.uuid });
    },
    'failedToRead',
  );

  // Row 3. Query parameters, filtering and pagination are not shown: all listings, oldest first.
  defineRoute(api, 'GET /v1/listings', async (request, reply) => {
    const prefix = mediaPrefix(ctx);
    const out: unknown[] = [];
    for (const listing of ctx.store.listingsOf(request.clientId))
      out.push(renderListing(listing, ctx.quirks, prefix));
    if (ctx.quirks.listItems === 'odd') out.push(...oddListItems());
    return reply.code(200).send(out);
  });

  // Row 4.
  defineRoute(api, 'GET /v1/listings/:uuid', async (request, reply) =>
    sendListing(ctx, reply, ownListing(ctx, request, param(request, 'uuid'))),
  );

  // Row 5: updates the listing and sends its publications back through validation. Absent or null
  // fields keep their value; `attributes`, when given, replaces the whole map.
  defineRoute(
    api,
    'PUT /v1/listings/:uuid',
    async (request, reply) => {
      const body = parseBody(listingUpdate, request.body, problems.failedToRead);
      const listing = ownListing(ctx, request, param(request, 'uuid'));
      const checked = {
        category: body.category ?? listing.category,
        sendsCategory: body.category != null,
        ...(body.attributes && { attributes: body.attributes }),
      };
      // Not shown by the spec for an update; answered as a create's invalid data is.
      if (!passesCatalog(ctx.quirks, ctx.catalog, checked)) throw problems.failedToRead();
      const now = Date.now();
      settleListing(listing, ctx.store, now);
      listing.title = body.title ?? listing.title;
      listing.category = body.category ?? listing.category;
      listing.description = body.description ?? listing.description;
      listing.attributes = body.attributes ?? listing.attributes;
      listing.adType = body.adType ?? listing.adType;
      if (body.price) listing.price = { type: body.price.type, amount: body.price.amount };
      listing.email = body.email ?? listing.email;
      listing.phoneNumber = body.phoneNumber ?? listing.phoneNumber;
      listing.customReference = body.customReference ?? listing.customReference;
      listing.contactPerson = body.contactPerson ?? listing.contactPerson;
      listing.buyNow = body.buyNow ?? listing.buyNow;
      for (const uuid of listing.publications) {
        const publication = ctx.store.publications.get(uuid);
        if (publication) revalidate(publication, now, ctx.config.validationDelayMs);
      }
      ctx.store.onChange();
      return sendUpdated(ctx, reply, listing);
    },
    'failedToRead',
  );
}
