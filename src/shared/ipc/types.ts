// Output and event payload types of the contract.

export type ShellKind = 'electron' | 'web';

export type KeychainStatus = { mode: 'keychain' } | { mode: 'session-only'; reason: string };

export interface AppInfo {
  name: string;
  version: string;
  shell: ShellKind;
  dataDir: string;
  /** The operating system's locale (BCP 47), used when the language setting is 'system'. */
  systemLocale: string;
  keychain: KeychainStatus;
}

export type Language = 'system' | 'de' | 'en';

export interface Settings {
  language: Language;
}

export type ViewName = 'drafts' | 'listings' | 'publishing' | 'settings';

/** How the access token is sent: `Bearer <token>` (default) or the bare token (the spec leaves it open). */
export type AuthScheme = 'bearer' | 'bare';

/** An imprint created through the service; kept locally since the spec has no way to read it back. */
export interface Imprint {
  uuid: string;
  content: string;
  createdAt: string;
}

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
  /** Whether a client secret is stored (in the keychain, or for this session). */
  hasSecret: boolean;
  imprints: Imprint[];
  defaultImprintUuid: string | null;
}

export interface AccountsState {
  accounts: AccountView[];
  activeId: string;
  keychain: KeychainStatus;
}

/**
 * What went wrong talking to the service, as a stable code the renderer translates (with the
 * English message as fallback): the token error codes (`invalid_client`, ...), 'unreachable',
 * 'tls', 'timeout', 'unauthorized', 'missing-secret', 'server-error', ...
 */
export interface ServiceProblem {
  problem: string;
  message: string;
  status?: number;
  detail?: string;
}

export type ConnectionResult = { ok: true; listingCount: number } | ({ ok: false } & ServiceProblem);

/** A listing as the service returns it (see shared/service Listing); unknown fields are kept. */
export interface ListingView {
  uuid: string;
  title: string;
  description: string;
  category: string;
  attributes: Record<string, string>;
  adType: string;
  adPrice: { type: string; amount: number };
  userId: string;
  email: string;
  phoneNumber?: string | null;
  customReference?: string | null;
  contactPerson?: string | null;
  buyNow?: boolean | null;
  urls: string[];
}

/** The active account's listings: live when `problem` is absent, else the last known list. */
export interface ListingsState {
  accountId: string;
  listings: ListingView[];
  /** When the list was last fetched from the service (ISO 8601), null when never. */
  fetchedAt: string | null;
  /** Set when the last refresh failed; `listings` is then the last known list. */
  problem?: ServiceProblem;
}
