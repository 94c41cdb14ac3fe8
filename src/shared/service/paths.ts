// Paths of the listings service relative to `{base_url}` and of the token service relative to
// `{auth_url}`, so that client and sandbox spell them once.

/** Token endpoint path relative to `{auth_url}`. */
export const TOKEN_PATH = '/oidc/token';

/** An identifier that cannot be one segment of a service path. */
export class UnsafePathSegmentError extends Error {
  constructor(value: string) {
    super(`“${value}” is not a valid identifier for a service path.`);
    this.name = 'UnsafePathSegmentError';
  }
}

// encodeURIComponent leaves '.' and '..' as they are, and URL parsing then steps up a folder:
// `/v1/listings/../media` would reach `/v1/media`. They are refused, whoever sent them.
function segment(value: string): string {
  if (value === '' || value === '.' || value === '..') throw new UnsafePathSegmentError(value);
  return encodeURIComponent(value);
}

/** Path builders of the Endpoints table, relative to `{base_url}`; identifiers are URL-encoded. */
export const servicePaths = {
  media: (): string => '/v1/media',
  listings: (): string => '/v1/listings',
  listing: (uuid: string): string => `/v1/listings/${segment(uuid)}`,
  listingMedia: (uuid: string): string => `/v1/listings/${segment(uuid)}/media`,
  listingMediaOrder: (uuid: string): string => `/v1/listings/${segment(uuid)}/media/order`,
  publications: (uuid: string): string => `/v1/listings/${segment(uuid)}/publications`,
  publication: (uuid: string, publicationUuid: string): string =>
    `/v1/listings/${segment(uuid)}/publications/${segment(publicationUuid)}`,
  imprints: (): string => '/v1/imprints',
} as const;
