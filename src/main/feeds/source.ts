// A stock feed's source read as a table (issue 25.1): a CSV or XLSX file on disk, or an https URL
// that serves one (a shop plugin's product export), optionally behind basic auth whose password
// lives in the keychain. The table comes out as the import's readers make it, so the import's
// mapping and rows apply unchanged; what cannot be read is refused in the seller's words.
import { open, stat } from 'node:fs/promises';
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
import { download, DownloadError, httpsUrl, shownUrl, type DownloadRefusal } from './download';

/** Where a feed's table comes from, as the feed's settings keep it (never a password). */
export type FeedSource =
  | { kind: 'file'; path: string; sheet?: string | undefined }
  | { kind: 'url'; url: string; user?: string | undefined; sheet?: string | undefined };

export interface FeedSourceLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** A shop's whole product export is a few MB; a minute covers a slow shop server. */
export const FEED_SOURCE_LIMITS: FeedSourceLimits = { maxBytes: 50 * 1024 * 1024, timeoutMs: 60_000 };

export interface FeedSourceDeps {
  /** The feed's id: its basic-auth password is the keychain entry `feedSecretKey(feedId)`. */
  feedId: string;
  secrets: Pick<SecretStore, 'get'>;
  limits?: Partial<FeedSourceLimits> | undefined;
  /** Certificates to trust besides the system's (a shop's own CA). */
  ca?: string | Buffer | undefined;
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
}

/** Why a feed's source was refused (details.reason of the AppError). */
export type FeedSourceRefusal =
  | Exclude<DownloadRefusal, 'wrong-type'>
  | 'no-password'
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
const TABLE_TYPES = new Set([
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

async function readFileSource(
  source: Extract<FeedSource, { kind: 'file' }>,
  limits: FeedSourceLimits,
): Promise<FeedTable> {
  const name = source.path;
  const hint = /\.xlsx$/i.test(name) ? 'xlsx' : 'csv';
  let bytes: Buffer;
  try {
    const info = await stat(name);
    if (!info.isFile()) throw refuse('file-unreadable', name, { cause: 'not a file' });
    if (info.size > limits.maxBytes) throw refuse('too-large', name, { max: megabytes(limits.maxBytes) });
    const handle = await open(name, 'r');
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw refuse('file-not-found', name);
    throw refuse('file-unreadable', name, { cause: code ?? firstLine(error) });
  }
  if (bytes.byteLength > limits.maxBytes)
    throw refuse('too-large', name, { max: megabytes(limits.maxBytes) });
  return tableOf(bytes, name, hint, source.sheet);
}

async function readUrlSource(
  source: Extract<FeedSource, { kind: 'url' }>,
  deps: FeedSourceDeps,
  limits: FeedSourceLimits,
  signal: AbortSignal | undefined,
): Promise<FeedTable> {
  const name = shownUrl(source.url);
  try {
    const url = httpsUrl(source.url);
    let auth: { user: string; password: string } | undefined;
    if (source.user !== undefined && source.user !== '') {
      const password = await deps.secrets.get(feedSecretKey(deps.feedId));
      if (password === undefined) throw refuse('no-password', name, { user: source.user });
      auth = { user: source.user, password };
    }
    const got = await download(url, {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      accepts: (type) => TABLE_TYPES.has(type),
      auth,
      ca: deps.ca,
      signal,
    });
    const hint = got.type === XLSX_TYPE || /\.xlsx$/i.test(new URL(got.url).pathname) ? 'xlsx' : 'csv';
    return await tableOf(got.bytes, name, hint, source.sheet);
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    const { reason, detail } = error;
    if (reason === 'wrong-type') throw refuse('not-a-table', name, { what: detail.type });
    throw refuse(reason, name, {
      status: detail.status,
      max: detail.maxBytes === undefined ? undefined : megabytes(detail.maxBytes),
      seconds: detail.seconds,
      cause: detail.cause,
      user: source.user,
    });
  }
}

/**
 * Reads a feed's source as a table. Refuses with an AppError whose message names the source and
 * what went wrong (in the app's language) and whose details.reason is a FeedSourceRefusal.
 */
export async function readFeedSource(
  source: FeedSource,
  deps: FeedSourceDeps,
  signal?: AbortSignal,
): Promise<FeedTable> {
  const limits = { ...FEED_SOURCE_LIMITS, ...deps.limits };
  if (source.kind === 'file') return readFileSource(source, limits);
  return readUrlSource(source, deps, limits, signal);
}
