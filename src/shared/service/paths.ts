// Paths of the listings service relative to `{base_url}` and of the token service relative to
// `{auth_url}`, so that client and sandbox spell them once.

/** Token endpoint path relative to `{auth_url}`. */
export const TOKEN_PATH = '/oidc/token';

/** Path builders of the Endpoints table, relative to `{base_url}`; identifiers are URL-encoded. */
export const servicePaths = {
  media: (): string => '/v1/media',
  listings: (): string => '/v1/listings',
  listing: (uuid: string): string => `/v1/listings/${encodeURIComponent(uuid)}`,
  listingMedia: (uuid: string): string => `/v1/listings/${encodeURIComponent(uuid)}/media`,
  listingMediaOrder: (uuid: string): string => `/v1/listings/${encodeURIComponent(uuid)}/media/order`,
  publications: (uuid: string): string => `/v1/listings/${encodeURIComponent(uuid)}/publications`,
  publication: (uuid: string, publicationUuid: string): string =>
    `/v1/listings/${encodeURIComponent(uuid)}/publications/${encodeURIComponent(publicationUuid)}`,
  imprints: (): string => '/v1/imprints',
} as const;
