// Route keys name each operation as "METHOD path" relative to its service root (listings paths
// without `/api`, the token path without `/auth/v2`). Stats and fault rules use the same keys.

/** Every route the sandbox serves, keyed as in stats and fault rules. */
export const ROUTE_KEYS = [
  'POST /oidc/token',
  'POST /v1/media',
  'POST /v1/listings',
  'GET /v1/listings',
  'GET /v1/listings/:uuid',
  'PUT /v1/listings/:uuid',
  'DELETE /v1/listings/:uuid',
  'POST /v1/listings/:uuid/media',
  'PUT /v1/listings/:uuid/media/order',
  'DELETE /v1/listings/:uuid/media',
  'POST /v1/listings/:uuid/publications',
  'GET /v1/listings/:uuid/publications',
  'PUT /v1/listings/:uuid/publications/:publicationUuid',
  'GET /v1/listings/:uuid/publications/:publicationUuid',
  'PUT /v1/listings/:uuid/publications/:publicationUuid/state',
  'POST /v1/imprints',
  'PUT /storage/:ticket',
  'GET /media/:mediaUuid',
] as const;

/** One of the sandbox's routes. */
export type RouteKey = (typeof ROUTE_KEYS)[number];

/** Key under which requests that match no route are counted. */
export function unknownRouteKey(method: string): string {
  return `${method} (unknown route)`;
}

/** Whether `value` names one of the sandbox's routes. */
export function isRouteKey(value: string): value is RouteKey {
  return (ROUTE_KEYS as readonly string[]).includes(value);
}

/** Splits a route key into its HTTP method and Fastify path pattern. */
export function splitRouteKey(key: RouteKey): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}
