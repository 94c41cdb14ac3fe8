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
import { AppError } from '../errors/app-error';
import { decodeCsv, detectDelimiter, parseCsvText } from '../import/csv';
import { readXlsx } from '../import/xlsx';
import { DownloadError, httpsUrl, shownUrl } from './download';
import { feedAccessKeyName, withAccessKey } from './access-key';
import { fetchFeed } from './fetch/feed-fetch';
import { firstLine, megabytes, refuse, type FeedSourceRefusal } from './source-refusal';

export type { FeedSourceRefusal };
export * from './source-types';
import {
  FEED_SOURCE_LIMITS,
  type FeedSource,
  type FeedSourceDeps,
  type FeedSourceLimits,
  type FeedSourceRead,
  type FeedTable,
  type FeedProducts,
  type FeedUnchanged,
  type KeptSource,
} from './source-types';
import { readXmlItems, startsAsXml, XmlFeedError } from './fetch/xml-items';
import { outlineXmlItems } from './fetch/xml-stream';

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

/** A feed file of the seller's own, checked: there, a file, within the limit. */
async function keptFile(
  source: Extract<FeedSource, { kind: 'file' }>,
  limits: FeedSourceLimits,
): Promise<KeptSource> {
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
  return {
    kind: 'kept',
    file: name,
    name,
    hint,
    ...(source.sheet !== undefined && { sheet: source.sheet }),
    size,
    own: true,
  };
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

/** Downloads the feed's address into `cacheDir` (conditionally): its kept copy, or word that it is current. */
async function fetchUrlSource(
  source: Extract<FeedSource, { kind: 'url' }>,
  deps: FeedSourceDeps,
  limits: FeedSourceLimits,
  cacheDir: string,
  signal: AbortSignal | undefined,
): Promise<KeptSource | FeedUnchanged> {
  const name = shownUrl(source.url);
  try {
    const url = await addressOf(source, deps, name);
    let auth: { user: string; password: string } | undefined;
    if (source.user !== undefined && source.user !== '') {
      const password = await deps.secrets.get(feedSecretKey(deps.feedId));
      if (password === undefined) throw refuse('no-password', name, { user: source.user });
      auth = { user: source.user, password };
    }
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
    return {
      kind: 'kept',
      file: got.file,
      name,
      hint: xlsx ? 'xlsx' : 'csv',
      ...(source.sheet !== undefined && { sheet: source.sheet }),
      size: got.bytes,
      own: false,
      ...(got.unchanged && { unchanged: true as const }),
    };
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
  }
}

/**
 * A feed's source brought to disk, not read (issue 35.8: a large feed is read and planned in a
 * process of its own): the seller's file checked, or the address downloaded into `deps.cacheDir`
 * (required for a URL). Refuses in the seller's words, as `readFeedSource` does.
 */
export async function fetchFeedSource(
  source: FeedSource,
  deps: FeedSourceDeps & { cacheDir: string },
  signal?: AbortSignal,
): Promise<KeptSource | FeedUnchanged> {
  const limits = { ...FEED_SOURCE_LIMITS, ...deps.limits };
  if (source.kind === 'file') return keptFile(source, limits);
  return fetchUrlSource(source, deps, limits, deps.cacheDir, signal);
}

/**
 * What a kept source holds: a product feed's items (with `stream`, its outline and a stream that
 * reads the file again) or a table. Needs nothing of the app: a plan's own process calls it too.
 */
export async function readKeptSource(
  kept: KeptSource,
  options: { limits?: Partial<FeedSourceLimits> | undefined; stream?: boolean } = {},
): Promise<FeedTable | FeedProducts> {
  const limits = { ...FEED_SOURCE_LIMITS, ...options.limits };
  const { file, name, hint, sheet, size } = kept;
  try {
    const read = await readKept(file, name, hint, sheet, limits, size, options.stream === true);
    return kept.unchanged ? { ...read, unchanged: true } : read;
  } catch (error) {
    if (error instanceof AppError || !kept.own) throw error;
    throw refuse('file-unreadable', name, {
      cause: (error as NodeJS.ErrnoException).code ?? firstLine(error),
    });
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
  const stream = deps.streamItems === true;
  const limits = { ...FEED_SOURCE_LIMITS, ...deps.limits };
  if (source.kind === 'file') return readKeptSource(await keptFile(source, limits), { limits, stream });
  // Without a folder for kept copies, one of this read's own, removed after it: its items cannot be
  // read again later, so they are read whole.
  const ownDir =
    deps.cacheDir === undefined ? await mkdtemp(path.join(tmpdir(), 'listing-desk-feed-')) : undefined;
  try {
    const kept = await fetchFeedSource(source, { ...deps, cacheDir: ownDir ?? deps.cacheDir! }, signal);
    if (kept.kind === 'unchanged') return kept;
    return await readKeptSource(kept, { limits: deps.limits, stream: stream && ownDir === undefined });
  } finally {
    if (ownDir !== undefined) await rm(ownDir, { recursive: true, force: true });
  }
}
