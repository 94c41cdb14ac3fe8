// createServiceClient: one typed method per operation of the listing service, each validated with
// the shared schemas. Where the spec shows no response body (update listing, delete media, update
// publication) any 2xx with any or no body is success.
import {
  Listing,
  ListingListTolerant,
  MediaUploadTicket,
  Publication,
  UuidResponse,
  servicePaths,
} from '../../shared/service';
import type {
  ListingList,
  ListingsRead,
  ListingCreateRequest,
  ListingUpdateRequest,
  PublicationCreateRequest,
  PublicationUpdateRequest,
} from '../../shared/service';
import type { z } from 'zod';
import { AccountPace } from './account-pace';
import { callApi } from './api-request';
import type { ApiCall, ApiContext } from './api-request';
import { AuthFormState } from './auth-form';
import type { AuthForm, AuthSetting } from './auth-form';
import { createGot, createHttpSend } from './http';
import { deleteListing, setPublicationState } from './lifecycle-calls';
import type { DeleteOutcome, PublicationStateRequest } from './lifecycle-calls';
import { parsePublicationList, type PublicationSummary } from './publication-list';
import { optionalBody, parseBody } from './responses';
import { DEFAULT_RETRY } from './retry';
import type { RetryEnv, RetryOptions, WarnLog } from './retry';
import { TokenProvider } from './token-provider';
import { idleTimeouts, uploadFile } from './upload';
import type { UploadOptions, UploadResult } from './upload';

/** Limit per request when none is given, in ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Settings of a service client. */
export interface ServiceClientOptions {
  /** Root of the token service (`POST {authUrl}/oidc/token`). */
  authUrl: string;
  /** Root of the listings service (`{baseUrl}/v1/listings`). */
  baseUrl: string;
  clientId: string;
  /** Form of the Authorization header, or 'auto' to find it out; the spec does not say which. */
  authScheme: AuthSetting;
  /** Under 'auto': the form that worked before, tried first. */
  detectedAuthForm?: AuthForm;
  /** Under 'auto': told when the service accepts a form other than the one known so far. */
  onAuthDetected?: (form: AuthForm) => void;
  /** The client secret, read at each token request; it is never logged nor kept in errors. */
  getSecret: () => Promise<string | undefined>;
  /** Limit per request in ms (default 30000); for uploads, per idle stretch instead of the total. */
  timeoutMs?: number;
  /** Automatic repeats (default 3 repeats, 500 ms doubling, at most 10 s); see retry.ts for when. */
  retry?: Partial<RetryOptions>;
  /** Receives a line per repeat and per token refresh after a 401. */
  log?: WarnLog;
  /** Clock in ms for token lifetimes (tests); default Date.now. */
  now?: () => number;
  /** Jitter source in [0, 1) (tests); default Math.random. */
  random?: () => number;
  /**
   * The account's pace, shared by every client of the account (account-pace.ts); default: one of
   * this client's own. Uploads to `signedPutUrl` and token requests do not go through it.
   */
  pace?: AccountPace;
}

/** Options of createPublication. */
export interface CreatePublicationOptions {
  /** Sent as the optional `true-client-ip` header. */
  trueClientIp?: string;
}

/** A client of the listing service; every method throws ServiceError on failure. */
export interface ServiceClient {
  /** Fetches a new access token now (also a check of the credentials). */
  fetchToken(): Promise<{ expiresIn: number }>;
  /** The Authorization form the client sends now (the detected one under 'auto'). */
  authForm(): AuthForm;
  /** Row 1: an upload ticket for a file of `mediaType`. */
  createMediaTicket(mediaType: string): Promise<MediaUploadTicket>;
  /** Row 2: creates a listing. */
  createListing(request: ListingCreateRequest): Promise<UuidResponse>;
  /** Row 3: the listings of the account that could be read (an unreadable item hides no other). */
  listListings(): Promise<ListingList>;
  /** Row 3, item by item: the listings that could be read and the items that could not, named. */
  readListings(): Promise<ListingsRead>;
  /** Row 4: one listing. */
  getListing(uuid: string): Promise<Listing>;
  /** Row 5: updates a listing; returns it when the service sends it back. */
  updateListing(uuid: string, request: ListingUpdateRequest): Promise<Listing | undefined>;
  /** Row 6: attaches an uploaded ticket; returns the listing with the new media URL. */
  attachMedia(uuid: string, ticketUuid: string): Promise<Listing>;
  /** Row 7: puts the listing's media URLs in this display order. */
  orderMedia(uuid: string, urls: string[]): Promise<Listing>;
  /** Row 8: removes media (one `urls` query parameter per URL); returns the listing when sent back. */
  deleteMedia(uuid: string, urls: string[]): Promise<Listing | undefined>;
  /** Row 9: creates a publication (validated later; poll getPublication). */
  createPublication(
    uuid: string,
    request: PublicationCreateRequest,
    options?: CreatePublicationOptions,
  ): Promise<UuidResponse>;
  /** Row 10: updates a publication. */
  updatePublication(uuid: string, publicationUuid: string, request: PublicationUpdateRequest): Promise<void>;
  /** Row 11: one publication, with its states. */
  getPublication(uuid: string, publicationUuid: string): Promise<Publication>;
  /**
   * The publications of a listing (a read the spec names without path or shape; see
   * publication-list.ts). A service without it answers 404, 405 or 501.
   */
  listPublications(uuid: string): Promise<PublicationSummary[]>;
  /** Row 12: creates an imprint. */
  createImprint(content: string): Promise<UuidResponse>;
  /**
   * Deletes a listing (not in the spec; see lifecycle-calls.ts). A service without it gives the
   * 'not-offered' problem.
   */
  deleteListing(uuid: string): Promise<DeleteOutcome>;
  /** Pauses or resumes a publication (not in the spec); 'not-offered' as deleteListing. */
  setPublicationState(
    uuid: string,
    publicationUuid: string,
    state: PublicationStateRequest,
  ): Promise<Publication | undefined>;
  /** Streams a file to an upload ticket's `signedPutUrl`. */
  uploadFile(signedPutUrl: string, filePath: string, options: UploadOptions): Promise<UploadResult>;
}

/** Builds a ServiceClient (see ServiceClientOptions). */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const retryEnv: RetryEnv = {
    retry: { ...DEFAULT_RETRY, ...options.retry },
    random: options.random ?? Math.random,
    log: options.log,
  };
  const send = createHttpSend(createGot({ request: timeoutMs }), timeoutMs);
  const tokens = new TokenProvider({
    authUrl: options.authUrl,
    clientId: options.clientId,
    getSecret: options.getSecret,
    send,
    retryEnv,
    now,
  });
  const api: ApiContext = {
    baseUrl: options.baseUrl,
    auth: new AuthFormState(options.authScheme, options.detectedAuthForm, options.onAuthDetected),
    tokens,
    send,
    retryEnv,
    now,
    log: options.log,
    pace: options.pace ?? new AccountPace(),
  };
  const upload = { got: createGot(idleTimeouts(timeoutMs)), retryEnv, now, timeoutMs };

  const json = async <S extends z.ZodType>(call: ApiCall, schema: S): Promise<z.infer<S>> =>
    parseBody(call.operation, await callApi(api, call), schema);
  const maybe = async <S extends z.ZodType>(call: ApiCall, schema: S): Promise<z.infer<S> | undefined> =>
    optionalBody(await callApi(api, call), schema);

  return {
    async fetchToken() {
      const { expiresIn } = await tokens.refresh();
      return { expiresIn };
    },
    authForm: () => api.auth.current(),
    createMediaTicket: (mediaType) =>
      json(
        { operation: 'createMediaTicket', path: servicePaths.media(), json: { mediaType } },
        MediaUploadTicket,
      ),
    createListing: (request) =>
      json({ operation: 'createListing', path: servicePaths.listings(), json: request }, UuidResponse),
    listListings: async () =>
      (await json({ operation: 'listListings', path: servicePaths.listings() }, ListingListTolerant))
        .listings,
    readListings: () =>
      json({ operation: 'listListings', path: servicePaths.listings() }, ListingListTolerant),
    getListing: (uuid) => json({ operation: 'getListing', path: servicePaths.listing(uuid) }, Listing),
    updateListing: (uuid, request) =>
      maybe({ operation: 'updateListing', path: servicePaths.listing(uuid), json: request }, Listing),
    attachMedia: (uuid, ticketUuid) =>
      json(
        { operation: 'attachMedia', path: servicePaths.listingMedia(uuid), json: { ticketUuid } },
        Listing,
      ),
    orderMedia: (uuid, urls) =>
      json({ operation: 'orderMedia', path: servicePaths.listingMediaOrder(uuid), json: { urls } }, Listing),
    deleteMedia: (uuid, urls) =>
      maybe(
        {
          operation: 'deleteMedia',
          path: servicePaths.listingMedia(uuid),
          searchParams: new URLSearchParams(urls.map((url): [string, string] => ['urls', url])),
        },
        Listing,
      ),
    createPublication: (uuid, request, publicationOptions = {}) =>
      json(
        {
          operation: 'createPublication',
          path: servicePaths.publications(uuid),
          json: request,
          headers:
            publicationOptions.trueClientIp === undefined
              ? undefined
              : { 'true-client-ip': publicationOptions.trueClientIp },
        },
        UuidResponse,
      ),
    async updatePublication(uuid, publicationUuid, request) {
      await callApi(api, {
        operation: 'updatePublication',
        path: servicePaths.publication(uuid, publicationUuid),
        json: request,
      });
    },
    getPublication: (uuid, publicationUuid) =>
      json(
        { operation: 'getPublication', path: servicePaths.publication(uuid, publicationUuid) },
        Publication,
      ),
    listPublications: async (uuid) =>
      parsePublicationList(
        await callApi(api, { operation: 'listPublications', path: servicePaths.publications(uuid) }),
      ),
    createImprint: (content) =>
      json({ operation: 'createImprint', path: servicePaths.imprints(), json: { content } }, UuidResponse),
    deleteListing: (uuid) => deleteListing(api, uuid),
    setPublicationState: (uuid, publicationUuid, state) =>
      setPublicationState(api, uuid, publicationUuid, state),
    uploadFile: (signedPutUrl, filePath, uploadOptions) =>
      uploadFile(upload, signedPutUrl, filePath, uploadOptions),
  };
}
