// Helpers shared by the route files.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxContext } from '../context';
import { mediaPrefix } from '../context';
import { problems } from '../errors';
import type { BadBodyKind, Problem } from '../errors';
import type { ListingRecord } from '../model';
import { renderListing } from '../render';
import { splitRouteKey } from '../route-keys';
import type { RouteKey } from '../route-keys';

/** A route handler; it replies through `reply` or throws a Problem. */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Registers `handler` under the method and path of `key` (relative to the plugin's prefix). */
export function defineRoute(
  app: FastifyInstance,
  key: RouteKey,
  handler: Handler,
  badBody?: BadBodyKind,
): void {
  const { method, path } = splitRouteKey(key);
  app.route({ method, url: path, config: { key, badBody }, handler });
}

/** A path parameter. */
export function param(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string | undefined>)[name] ?? '';
}

/** `body` parsed with `schema`, or `problem` thrown. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, problem: () => Problem): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw problem();
  return result.data;
}

/** The authenticated client's listing `uuid`, or `problem` (default 404 Listing not found). */
export function ownListing(
  ctx: SandboxContext,
  request: FastifyRequest,
  uuid: string,
  problem: () => Problem = problems.listingNotFound,
): ListingRecord {
  const listing = ctx.store.listing(request.clientId, uuid);
  if (!listing) throw problem();
  return listing;
}

/** Replies 200 with the listing object. */
export function sendListing(ctx: SandboxContext, reply: FastifyReply, listing: ListingRecord): FastifyReply {
  return reply.code(200).send(renderListing(listing, ctx.quirks, mediaPrefix(ctx)));
}

/** Replies to an update or delete as the `updateResponse` quirk says: 200 with the listing, or 204. */
export function sendUpdated(ctx: SandboxContext, reply: FastifyReply, listing: ListingRecord): FastifyReply {
  if (ctx.quirks.updateResponse === 204) return reply.code(204).send();
  return sendListing(ctx, reply, listing);
}

/** Whether `error` is Fastify's failure to read a request body (bad JSON, wrong Content-Type, too large). */
export function isBodyError(error: unknown): boolean {
  if (error instanceof SyntaxError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_ERR_CTP_');
}
