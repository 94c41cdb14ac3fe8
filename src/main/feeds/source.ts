// A stock feed's source read (issue 25.1, 35.1): a CSV or XLSX file on disk, or an https URL
// that serves one (a shop plugin's product export), optionally behind basic auth whose password
// lives in the keychain. A table comes out as the import's readers make it, so the import's
// mapping and rows apply unchanged; a Google product feed in XML comes out as its items. A URL is
// downloaded to a file first (fetch/feed-fetch.ts: conditional, gzip, a limit after unpacking),
// its access key put back from the keychain; what cannot be read is refused in the seller's words.
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProductItem, ProductItemStream } from '../../shared/domain/feeds';
import type { IpcErrorCode } from '../../shared/ipc/envelope';
import { mainI18n } from '../i18n';
import { AppError } from '../errors/app-error';
import {
  decodeCsv,
  detectDelimiter,
  parseCsvText,
  type CsvDelimiter,
  type CsvEncoding,
  type Table,
} from '../import/csv';
import { readXlsx } from '../import/xlsx';
import type { SecretStore } from '../secrets/secret-store';
import { DownloadError, httpsUrl, shownUrl, type DownloadRefusal } from './download';
import { feedAccessKeyName, withAccessKey } from './access-key';
import { FEED_DOWNLOAD_MAX_BYTES, fetchFeed } from './fetch/feed-fetch';
import { readXmlItems, startsAsXml, XmlFeedError } from './fetch/xml-items';
import { outlineXmlItems } from './fetch/xml-stream';

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

export type FeedSourceRead = FeedTable | FeedProducts | FeedUnchanged;

/** Why a feed's source was refused (details.reason of the AppError). */
export type FeedSourceRefusal =
  | Exclude<DownloadRefusal, 'wrong-type'>
  | 'no-password'
  | 'no-access-key'
  | 'not-a-product-feed'
  | 'broken-xml'
  | 'changed-meanwhile'
  | 'file-not-found'
  | 'file-unreadable'
  | 'not-a-table'
  | 'not-a-workbook'
  | 'markup';

/** The keychain entry holding the basic-auth password of feed `feedId`. */
export function feedSecretKey(feedId: string): string {
  return `feed-source:${feedId}`;
}

// ZIP's local file header: every XLSX workbook starts with it.
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// What shops serve exports as; a web page, JSON or a picture is refused before its body is read.
const FEED_TYPES = new Set([
  'application/xml',
  'text/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/gzip',
  'application/x-gzip',
  '',
  'text/csv',
  'text/plain',
  'text/comma-separated-values',
  'text/tab-separated-values',
  'text/x-csv',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  XLSX_TYPE,
]);

const CODES: Partial<Record<FeedSourceRefusal, IpcErrorCode>> = {
  'file-not-found': 'not-found',
  'not-found': 'not-found',
  'not-https': 'invalid-input',
  'credentials-in-url': 'invalid-input',
  'not-a-table': 'invalid-input',
  'not-a-workbook': 'invalid-input',
  'not-a-product-feed': 'invalid-input',
  'broken-xml': 'invalid-input',
  'private-address': 'invalid-input',
  markup: 'invalid-input',
  'too-large': 'invalid-input',
  cancelled: 'unavailable',
};

function refuse(
  reason: FeedSourceRefusal,
  name: string,
  detail: Record<string, string | number | undefined> = {},
): AppError {
  const words = { source: name, ...detail };
  const message: Record<FeedSourceRefusal, () => string> = {
    'not-https': () => mainI18n.t('errors:feedSource.notHttps', words),
    'credentials-in-url': () => mainI18n.t('errors:feedSource.credentialsInUrl', words),
    'no-password': () => mainI18n.t('errors:feedSource.noPassword', words),
    'no-access-key': () => mainI18n.t('errors:feedSource.noAccessKey', words),
    'not-a-product-feed': () => mainI18n.t('errors:feedSource.notAProductFeed', words),
    'broken-xml': () => mainI18n.t('errors:feedSource.brokenXml', words),
    'changed-meanwhile': () => mainI18n.t('errors:feedSource.changedMeanwhile', words),
    'private-address': () => mainI18n.t('errors:feedSource.privateAddress', words),
    'needs-password': () => mainI18n.t('errors:feedSource.needsPassword', words),
    'password-refused': () => mainI18n.t('errors:feedSource.passwordRefused', words),
    'not-found': () => mainI18n.t('errors:feedSource.notFound', words),
    'file-not-found': () => mainI18n.t('errors:feedSource.fileNotFound', words),
    'file-unreadable': () => mainI18n.t('errors:feedSource.fileUnreadable', words),
    'http-status': () => mainI18n.t('errors:feedSource.httpStatus', words),
    'too-large': () => mainI18n.t('errors:feedSource.tooLarge', words),
    'cut-off': () => mainI18n.t('errors:feedSource.cutOff', words),
    'timed-out': () => mainI18n.t('errors:feedSource.timedOut', words),
    'redirect-loop': () => mainI18n.t('errors:feedSource.redirectLoop', words),
    certificate: () => mainI18n.t('errors:feedSource.certificate', words),
    unreachable: () => mainI18n.t('errors:feedSource.unreachable', words),
    cancelled: () => mainI18n.t('errors:feedSource.cancelled', words),
    'not-a-table': () => mainI18n.t('errors:feedSource.notATable', words),
    'not-a-workbook': () => mainI18n.t('errors:feedSource.notAWorkbook', words),
    markup: () => mainI18n.t('errors:feedSource.markup', words),
  };
  return new AppError(CODES[reason] ?? 'unavailable', message[reason](), { reason, source: name, ...detail });
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0);
}

// A login page, an error page in JSON or an XML feed served where the export was expected.
function looksLikeMarkup(text: string): boolean {
  return /^\uFEFF?\s*[<{[]/.test(text);
}

/** The table in `bytes`: XLSX when they are a ZIP, else CSV text; anything else is refused. */
async function tableOf(
  bytes: Buffer,
  name: string,
  hint: 'csv' | 'xlsx',
  sheet?: string,
): Promise<FeedTable> {
  const isZip = bytes.subarray(0, 4).equals(ZIP);
  try {
    if (isZip) {
      const { sheets, sheet: chosen, ...table } = await readXlsx({ bytes }, sheet);
      return { kind: 'xlsx', table, sheets, sheet: chosen, name, bytes: bytes.byteLength };
    }
  } catch (error) {
    if (error instanceof AppError) throw error; // a sheet that is not there, in the import's words
    throw refuse('not-a-table', name, { what: firstLine(error) });
  }
  if (hint === 'xlsx') throw refuse('not-a-workbook', name);
  const { text, encoding } = decodeCsv(bytes);
  if (looksLikeMarkup(text)) throw refuse('markup', name);
  const delimiter = detectDelimiter(text);
  try {
    return {
      kind: 'csv',
      table: parseCsvText(text, delimiter),
      sheets: [],
      sheet: null,
      delimiter,
      encoding,
      name,
      bytes: bytes.byteLength,
    };
  } catch (error) {
    throw refuse('not-a-table', name, { what: firstLine(error) });
  }
}

function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
}

/** What lies in `file` (a feed file, or a download's kept copy): a product feed's items or a table. */
async function readKept(
  file: string,
  name: string,
  hint: 'csv' | 'xlsx',
  sheet: string | undefined,
  limits: FeedSourceLimits,
  size: number,
  stream = false,
): Promise<FeedTable | FeedProducts> {
  if (await startsAsXml(file)) {
    try {
      if (stream) {
        const outlined = await outlineXmlItems(file, () => refuse('changed-meanwhile', name));
        return {
          kind: 'products',
          format: outlined.format,
          items: [],
          stream: outlined.stream,
          name,
          bytes: size,
        };
      }
      const { format, items } = await readXmlItems(createReadStream(file));
      return { kind: 'products', format, items, name, bytes: size };
    } catch (error) {
      if (error instanceof XmlFeedError) throw refuse(error.reason, name, { what: error.what });
      throw error;
    }
  }
  // A table is read whole into memory: it has a tighter limit than a feed read as a stream.
  if (size > limits.maxTableBytes) throw refuse('too-large', name, { max: megabytes(limits.maxTableBytes) });
  const handle = await open(file, 'r');
  let bytes: Buffer;
  try {
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  return tableOf(bytes, name, hint, sheet);
}

async function readFileSource(
  source: Extract<FeedSource, { kind: 'file' }>,
  limits: FeedSourceLimits,
  stream = false,
): Promise<FeedTable | FeedProducts> {
  const name = source.path;
  const hint = /\.xlsx$/i.test(name) ? 'xlsx' : 'csv';
  let size: number;
  try {
    const info = await stat(name);
    if (!info.isFile()) throw refuse('file-unreadable', name, { cause: 'not a file' });
    size = info.size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw refuse('file-not-found', name);
    throw refuse('file-unreadable', name, { cause: code ?? firstLine(error) });
  }
  if (size > limits.maxBytes) throw refuse('too-large', name, { max: megabytes(limits.maxBytes) });
  try {
    return await readKept(name, name, hint, source.sheet, limits, size, stream);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('file-unreadable', name, {
      cause: (error as NodeJS.ErrnoException).code ?? firstLine(error),
    });
  }
}

/** The address to download: with its access key from the keychain where the mask stands. */
async function addressOf(
  source: Extract<FeedSource, { kind: 'url' }>,
  deps: FeedSourceDeps,
  name: string,
): Promise<URL> {
  if (source.accessKey !== true) return httpsUrl(source.url);
  const key = await deps.secrets.get(feedAccessKeyName(deps.feedId));
  if (key === undefined) throw refuse('no-access-key', name);
  return httpsUrl(withAccessKey(source.url, key));
}

async function readUrlSource(
  source: Extract<FeedSource, { kind: 'url' }>,
  deps: FeedSourceDeps,
  limits: FeedSourceLimits,
  signal: AbortSignal | undefined,
): Promise<FeedSourceRead> {
  const name = shownUrl(source.url);
  let ownDir: string | undefined;
  try {
    const url = await addressOf(source, deps, name);
    let auth: { user: string; password: string } | undefined;
    if (source.user !== undefined && source.user !== '') {
      const password = await deps.secrets.get(feedSecretKey(deps.feedId));
      if (password === undefined) throw refuse('no-password', name, { user: source.user });
      auth = { user: source.user, password };
    }
    const cacheDir = deps.cacheDir ?? (ownDir = await mkdtemp(path.join(tmpdir(), 'listing-desk-feed-')));
    const key =
      source.accessKey === true ? await deps.secrets.get(feedAccessKeyName(deps.feedId)) : undefined;
    const got = await fetchFeed(url, {
      cacheDir,
      feedId: deps.feedId,
      ...(key !== undefined && { mask: [key, encodeURIComponent(key)] }),
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      accepts: (type) => FEED_TYPES.has(type),
      auth,
      ca: deps.ca,
      allowPrivateAddresses: deps.allowPrivateAddresses,
      trustedAddresses: deps.trustedAddresses,
      signal,
    });
    if (got.unchanged && deps.ifChanged === true) return { kind: 'unchanged', name, bytes: got.bytes };
    const xlsx = (!got.unchanged && got.type === XLSX_TYPE) || /\.xlsx$/i.test(url.pathname);
    // A copy of this read's own is removed after it: its items cannot be read again later.
    const stream = deps.streamItems === true && ownDir === undefined;
    const read = await readKept(
      got.file,
      name,
      xlsx ? 'xlsx' : 'csv',
      source.sheet,
      limits,
      got.bytes,
      stream,
    );
    return got.unchanged ? { ...read, unchanged: true } : read;
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    const { reason, detail } = error;
    if (reason === 'wrong-type') throw refuse('not-a-table', name, { what: detail.type });
    throw refuse(reason, name, {
      status: detail.status,
      max: detail.maxBytes === undefined ? undefined : megabytes(detail.maxBytes),
      seconds: detail.seconds,
      cause: detail.cause,
      address: detail.address,
      user: source.user,
    });
  } finally {
    if (ownDir !== undefined) await rm(ownDir, { recursive: true, force: true });
  }
}

/**
 * Reads a feed's source: a table, a product feed's items, or (asked `ifChanged`) word that the
 * server's copy did not change. Refuses with an AppError whose message names the source and what
 * went wrong (in the app's language) and whose details.reason is a FeedSourceRefusal.
 */
export async function readFeedSource(
  source: FeedSource,
  deps: FeedSourceDeps,
  signal?: AbortSignal,
): Promise<FeedSourceRead> {
  const limits = { ...FEED_SOURCE_LIMITS, ...deps.limits };
  if (source.kind === 'file') return readFileSource(source, limits, deps.streamItems === true);
  return readUrlSource(source, deps, limits, signal);
}
