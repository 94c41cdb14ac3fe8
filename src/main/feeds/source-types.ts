// What a feed's source is and what reading it answers (source.ts reads it): the settings' source,
// the limits and ports of a read, a table, a recognized export's items, an unchanged answer.
import type { ProductItem, ProductItemStream } from '../../shared/domain/feeds';
import type { CsvDelimiter, CsvEncoding, Table } from '../import/csv';
import type { SecretStore } from '../secrets/secret-store';
import { FEED_DOWNLOAD_MAX_BYTES } from './fetch/feed-fetch';

/** Where a feed's table comes from, as the feed's settings keep it (never a password). */
export type FeedSource =
  | { kind: 'file'; path: string; sheet?: string | undefined }
  | {
      kind: 'url';
      /** With ACCESS_KEY_MASK where the access key was, when `accessKey` is set. */
      url: string;
      user?: string | undefined;
      sheet?: string | undefined;
      /** The key is kept in the keychain (`feedAccessKeyName(feedId)`). */
      accessKey?: boolean | undefined;
    };

export interface FeedSourceLimits {
  /** A download or file, counted after decompression (an XML feed is read as a stream). */
  maxBytes: number;
  /** A CSV or XLSX table, read whole into memory. */
  maxTableBytes: number;
  timeoutMs: number;
}

/** A shop's table export is a few MB, its XML feed may be hundreds; a minute covers a slow shop server. */
export const FEED_SOURCE_LIMITS: FeedSourceLimits = {
  maxBytes: FEED_DOWNLOAD_MAX_BYTES,
  maxTableBytes: 50 * 1024 * 1024,
  timeoutMs: 60_000,
};

export interface FeedSourceDeps {
  /** The feed's id: its basic-auth password is the keychain entry `feedSecretKey(feedId)`. */
  feedId: string;
  secrets: Pick<SecretStore, 'get'>;
  limits?: Partial<FeedSourceLimits> | undefined;
  /** Certificates to trust besides the system's (a shop's own CA). */
  ca?: string | Buffer | undefined;
  /** The address may resolve to a private, loopback or link-local network (the feed's allowance). */
  allowPrivateAddresses?: boolean | undefined;
  /** Addresses let through wherever they are (a test's server). */
  trustedAddresses?: readonly string[] | undefined;
  /**
   * Where the feed's kept copy and its validators live (<data>/feeds/cache); absent: a folder of
   * this read's own, removed after it (no conditional request).
   */
  cacheDir?: string | undefined;
  /** A 304 answers `{ kind: 'unchanged' }` instead of reading the kept copy again. */
  ifChanged?: boolean | undefined;
  /**
   * An XML feed kept on disk (a file, or a download kept in `cacheDir`) answers its outline and a
   * stream that reads it again (`FeedProducts.stream`) instead of all its items.
   */
  streamItems?: boolean | undefined;
}

/** A feed's table, shaped like the import's opened CSV/XLSX source. */
export interface FeedTable {
  kind: 'csv' | 'xlsx';
  table: Table;
  sheets: string[];
  sheet: string | null;
  delimiter?: CsvDelimiter;
  encoding?: CsvEncoding;
  /** The source as it may be shown and logged: the file's path, or the URL without credentials. */
  name: string;
  /** Size of what was read. */
  bytes: number;
  /** Read from the kept copy, the server having said it is current (a 304). */
  unchanged?: true;
}

/** A feed in a recognized XML format (issue 35.1): its items, each field as written. */
export interface FeedProducts {
  kind: 'products';
  format: 'google-rss' | 'google-atom';
  /** Empty when the items come as `stream`. */
  items: ProductItem[];
  /** Asked with `streamItems`: the items' outline, and the items read again from the kept copy. */
  stream?: ProductItemStream;
  name: string;
  bytes: number;
  unchanged?: true;
}

/** The server said the kept copy is current (asked with `ifChanged`): nothing was read. */
export interface FeedUnchanged {
  kind: 'unchanged';
  name: string;
  /** The kept copy's size. */
  bytes: number;
}

/** A feed's source on disk, not yet read: the seller's file, or a download's kept copy. */
export interface KeptSource {
  kind: 'kept';
  file: string;
  /** The source as it may be shown and logged: the file's path, or the URL without credentials. */
  name: string;
  /** What a file that is not XML is read as when it is not a ZIP. */
  hint: 'csv' | 'xlsx';
  sheet?: string;
  size: number;
  /** The seller's own file (a failure to read it is named so), not a download. */
  own: boolean;
  /** The kept copy of a download the server said is current (a 304). */
  unchanged?: true;
}

export type FeedSourceRead = FeedTable | FeedProducts | FeedUnchanged;
