// Records the sandbox keeps. They are plain JSON so the whole state can be persisted as one file.

/** A stored listing; `media` holds media uuids in display order (URLs are built at response time). */
export interface ListingRecord {
  uuid: string;
  clientId: string;
  createdAt: number;
  title: string;
  category: string;
  description: string;
  attributes: Record<string, string>;
  adType: string;
  price: { type: string; amount: number };
  email: string;
  phoneNumber: string | null;
  customReference: string | null;
  contactPerson: string | null;
  buyNow: boolean | null;
  media: string[];
  publications: string[];
}

/** An image attached to a listing; its bytes live in the file store under its uuid. */
export interface MediaRecord {
  uuid: string;
  clientId: string;
  listingUuid: string;
  contentType: string;
  size: number;
}

/** An upload ticket; `upload` is set once a PUT to its signed URL completed. */
export interface TicketRecord {
  uuid: string;
  clientId: string;
  mediaType: string;
  expireAt: number;
  used: boolean;
  upload: { size: number } | null;
}

/** An imprint (text record owned by a client). */
export interface ImprintRecord {
  uuid: string;
  clientId: string;
  content: string;
  createdAt: number;
}

/** Outcome of a publication's validation, fixed when it settles. */
export type PublicationOutcome = { state: 'published' } | { state: 'rejected'; reason: string };

/**
 * A publication. Validation is lazy and restart-safe: `validateAt` says when it settles, the outcome
 * is computed (and stored) at the first read or listing change after that moment.
 */
export interface PublicationRecord {
  uuid: string;
  clientId: string;
  listingUuid: string;
  availabilityRadiusInKm: number;
  street: string;
  city: string;
  district: string | null;
  postalCode: string;
  imprintUuid: string;
  trueClientIp: string | null;
  createdAt: number;
  validateAt: number;
  outcome: PublicationOutcome | null;
  adId: number | null;
  /** The state the client asked for last (absent in older state files: PUBLISHED, as created). */
  requestedState?: RequestedState;
  /** While a pause or resume is under way: the state still shown until `at` (then `requestedState`). */
  stateChange?: { from: RequestedState; at: number } | null;
}

/** The states a client can ask a publication to be in (a resume asks for PUBLISHED again). */
export type RequestedState = 'PUBLISHED' | 'PAUSED';

/** A client allowed to request tokens. */
export interface ClientConfig {
  clientId: string;
  clientSecret: string;
  /** False for a client that exists but may not use the client-credentials grant. */
  allowedGrant?: boolean;
}

/** Everything persisted in `<dataDir>/state.json`. */
export interface PersistedState {
  version: 1;
  keys: { jwt: string; storage: string };
  clients: ClientConfig[];
  port: number | null;
  nextAdId: number;
  ticketsIssued: Record<string, number>;
  listings: ListingRecord[];
  media: MediaRecord[];
  tickets: TicketRecord[];
  imprints: ImprintRecord[];
  publications: PublicationRecord[];
}
