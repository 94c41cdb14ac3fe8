// Output and event payload types of the contract.
import type {
  AccountUpgradeNotice,
  CompactDraftRows,
  Draft,
  DraftStatus,
  PhotoDuplicate,
  PhotoRefusal,
} from '../domain/drafts';
import type { DraftSchedule, Imprint } from '../domain/publishing';
import type { CatalogWarningCode } from '../domain/catalog';
import type { ListingView, UnreadableListing } from '../service/listing';
import type { ServiceProblem } from '../service/service-problem';

// Types of the contract that live below it, where shared/domain and shared/service use them too.
export type { Imprint, ListingView, PhotoRefusal, ServiceProblem };

export type ShellKind = 'electron' | 'web';

/** Why the system keychain cannot be used: its module is missing, it refused, or it did not answer. */
export type KeychainProblem = 'not-built' | 'unusable' | 'no-answer';

/**
 * Where secrets are kept. `reason` is main's sentence (for the log); the window words `problem`
 * itself, in the language it shows, with the system's own text `detail` under Details.
 */
export type KeychainStatus =
  { mode: 'keychain' } | { mode: 'session-only'; reason: string; problem?: KeychainProblem; detail?: string };

export interface AppInfo {
  name: string;
  version: string;
  shell: ShellKind;
  dataDir: string;
  /** The operating system's locale (BCP 47), used when the language setting is 'system'. */
  systemLocale: string;
  /** The desk's time zone (IANA, e.g. Europe/Berlin): times are shown and entered in it (issue 32.7). */
  timeZone: string;
  keychain: KeychainStatus;
}

/** Where "Save diagnostics…" wrote its file; not saved when the seller cancelled the dialog. */
export type DiagnosticsResult = { saved: true; path: string } | { saved: false };

export type Language = 'system' | 'de' | 'en';

/** Light or dark: as the system is, or one chosen in Settings (issue 26.7). */
export type Theme = 'system' | 'light' | 'dark';

export interface Settings {
  language: Language;
  theme: Theme;
  /** Photos are scaled down at intake so that their longest edge is at most this many pixels. */
  photoMaxEdge: number;
  /**
   * Drafts published at once, or 'auto': as many as the account's service takes calls at once (it
   * grows while calls pass and shrinks when the service asks to slow down).
   */
  publishDrafts: number | 'auto';
  /** Photo uploads at once, across the drafts being published. */
  publishUploads: number;
}

export type ViewName = 'drafts' | 'listings' | 'publishing' | 'feeds' | 'approvals' | 'activity' | 'settings';

/** How the access token is sent: `Bearer <token>` (default) or the bare token (the spec leaves it open). */
/** The account's Authorization setting: found out per account ('auto', the default) or one form. */
export type AuthScheme = 'auto' | 'bearer' | 'bare';

/** A form of the Authorization header: `Bearer <token>` or the bare token. */
export type AuthForm = 'bearer' | 'bare';

/** An account as the renderer sees it: everything but the secret, which never leaves main. */
export interface AccountView {
  id: string;
  name: string;
  /** 'sandbox': the embedded listing service, run by the app itself. */
  kind: 'sandbox' | 'service';
  authUrl: string;
  baseUrl: string;
  clientId: string;
  authScheme: AuthScheme;
  /** Under 'auto': the form the service accepted last; null until it accepted one. */
  detectedAuthForm: AuthForm | null;
  /** Whether a client secret is stored (in the keychain, or for this session). */
  hasSecret: boolean;
  /** Whether the account could sign in when last checked (absent: not checked as it is now). */
  signIn?: AccountSignIn;
  imprints: Imprint[];
  defaultImprintUuid: string | null;
  /** What fills this account's new drafts. */
  defaults: AccountDefaults;
  /** Address of an ad on the marketplace with `{adId}` (issue 15); empty or absent: no link. */
  marketplaceUrlPattern?: string;
}

export interface AccountsState {
  accounts: AccountView[];
  activeId: string;
  keychain: KeychainStatus;
}

/**
 * Why an account cannot sign in, in the seller's terms: its token address is wrong (the token
 * service answers "not found" there), the client ID or secret was refused, no secret is stored, the
 * service cannot be reached, its listings address is wrong, the token was refused for reading, or
 * the service failed (5xx, too many requests). 'unreachable' and 'service-error' pass by themselves.
 */
export type SignInReason =
  | 'token-address'
  | 'secret-refused'
  | 'no-secret'
  | 'unreachable'
  | 'listings-address'
  | 'access-refused'
  | 'service-error';

/** The outcome of an account's sign-in check (a token fetched, then the listings read). */
export type AccountSignIn =
  { ok: true; checkedAt: string } | ({ ok: false; reason: SignInReason; checkedAt: string } & ServiceProblem);

/** What a successful connection test used: the addresses called and the Authorization form. */
export interface ConnectionUsed {
  tokenUrl: string;
  listingsUrl: string;
  authForm: AuthForm;
  /** True when these differ from the addresses as typed (the account now keeps these). */
  adjusted: boolean;
}

export type ConnectionResult =
  | { ok: true; listingCount: number; used?: ConnectionUsed }
  | ({ ok: false; tried?: string[]; authTried?: AuthForm[] } & ServiceProblem);

/** The active account's listings: live when `problem` is absent, else the last known list. */
export interface ListingsState {
  accountId: string;
  listings: ListingView[];
  /** When the list was last fetched from the service (ISO 8601), null when never. */
  fetchedAt: string | null;
  /** Set when the last refresh failed; `listings` is then the last known list. */
  problem?: ServiceProblem;
  /** Items of the service's list that could not be read (named; the others are in `listings`). */
  unreadable?: UnreadableListing[];
  /** Issue 15 (inventory): per listing uuid, its publications' states and when the app saw it. */
  extras?: Record<string, ListingExtras>;
  /** Where the states came from: the service's read of a listing's publications, or the publish jobs. */
  publicationsFrom?: 'service' | 'jobs';
}

/** A publication's states as a listings row shows them. */
export interface PublicationStateView {
  uuid: string;
  requestedState: string | null;
  actualState: string | null;
  adId: number | null;
}

/** What the app knows of a listing beyond the service's fields (the service gives no dates). */
export interface ListingExtras {
  publications: PublicationStateView[];
  /** When the app first saw the listing (ISO 8601). */
  seenAt: string;
  /** When the app last saw the listing's fields change (ISO 8601). */
  changedAt: string;
}

/** What fills a new draft of an account: the seller's usual contact, location and footer. */
export interface AccountDefaults {
  email: string;
  phoneNumber: string;
  contactPerson: string;
  street: string;
  city: string;
  district: string;
  postalCode: string;
  /** Kilometres, as typed; empty for none. */
  availabilityRadiusInKm: string;
  /** Appended to the description of every new draft. */
  descriptionFooter: string;
}

/** One row of the drafts list (the summary the index keeps, without its search keys). */
export interface DraftListItem {
  id: string;
  title: string;
  customReference: string | null;
  status: DraftStatus;
  accountId: string | null;
  createdAt: string;
  updatedAt: string;
  photoCount: number;
  /** The cover's thumbnail, relative to the app's origin (`photos/<draftId>/<file>`). */
  coverThumb: string | null;
  issueCount: number;
  trashedAt: string | null;
  /** Fields two desks of the shop changed apart, until the seller picks (issue 24.4). */
  shopConflicts: number;
  /** When it is to be published by itself, and what became of that (issue 25.4); null: not scheduled. */
  schedule: DraftSchedule | null;
  /** What the catalog check warns of (issue 33.6): publishable all the same; null: nothing. */
  catalogWarning: CatalogWarningCode | null;
}

/** A draft file that could not be read and was moved aside. */
export interface DraftProblemView {
  file: string;
  movedAside: string;
}

export interface DraftsListResult {
  /** The rows (empty when `compact` was asked: then they are in `rows`). */
  items: DraftListItem[];
  /** The rows in compact form, when `compact` was asked (issue 18.5). */
  rows?: CompactDraftRows;
  /** How many drafts match the filter (more than the rows sent when only the `first` were asked). */
  matched: number;
  /** Live drafts in all (before the filter). */
  total: number;
  trashCount: number;
  problems: DraftProblemView[];
  /** Live drafts per account id ('' for none), for the account choice (issue 15.1). */
  accountCounts: Record<string, number>;
  /** Drafts given an account at upgrade, until the seller dismisses it (issue 15.1). */
  accountUpgrade: AccountUpgradeNotice | null;
}

/** Which of the app's files did not parse (and so what the seller lost or kept). */
export type AppProblemKind =
  | 'accounts'
  | 'settings'
  | 'drafts-index'
  | 'draft'
  | 'job'
  | 'suggestions'
  | 'listings-cache'
  | 'sandbox-state'
  | 'other';

/** A file that did not parse: moved aside, and shown to the seller until dismissed. */
export interface AppProblem {
  id: string;
  kind: AppProblemKind;
  /** Where the file was. */
  file: string;
  /** Where it is now, kept for the seller or support to look at. */
  movedAside: string;
  /** When it was moved aside (ISO). */
  at: string;
}

/** The problems not dismissed yet, oldest first. */
export interface ProblemsState {
  problems: AppProblem[];
}

export interface AddPhotosResult {
  draft: Draft;
  added: number;
  refused: PhotoRefusal[];
  /** Photos just added that look the same as one the draft had or one added before them (issue 15, F2). */
  duplicates: PhotoDuplicate[];
}

/** Progress of one batch of photos being taken in for a draft. */
export interface IntakeProgress {
  draftId: string;
  batchId: string;
  done: number;
  total: number;
  /** The file just finished. */
  name: string;
}

/** Suggestions for the editor: from the seller's own drafts and the account's listings. */
export interface DraftSuggestions {
  categories: string[];
  /** Attribute keys seen before, each with the values seen for it (most used first). */
  attributes: Record<string, string[]>;
}
