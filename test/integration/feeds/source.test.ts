// A feed's source read as a table (issue 25.1): files on disk and https URLs served by a real local
// server, with basic auth from the keychain and every refusal in the seller's words.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  readFeedSource,
  feedSecretKey,
  type FeedSource,
  type FeedTable,
} from '../../../src/main/feeds/source';
import { mainI18n } from '../../../src/main/i18n';
import { AppError } from '../../../src/main/errors/app-error';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { hasBasicAuth, startHttpServer, startHttpsServer, type TestServer } from './helpers/https-server';

const CSV = 'SKU;Titel;Preis;Bestand\nA-1;Stuhl;49;3\nA-2;Tisch;120;0\n';
const PASSWORD = 'shop-export-s3cret';

let dir: string;
let server: TestServer;
let xlsx: Buffer;
const secrets = createSessionSecretStore('test');

function send(response: ServerResponse, type: string, body: string | Buffer, extra = {}): void {
  response.writeHead(200, { 'content-type': type, ...extra }).end(body);
}

const routes: Record<string, (response: ServerResponse, authorized: boolean) => void> = {
  '/export.csv': (r) => send(r, 'text/csv; charset=utf-8', CSV),
  '/octet.csv': (r) => send(r, 'application/octet-stream', CSV),
  '/export.xlsx': (r) => send(r, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx),
  '/locked.csv': (r, authorized) =>
    authorized ? send(r, 'text/csv', CSV) : r.writeHead(401, { 'www-authenticate': 'Basic' }).end(),
  '/login': (r) => send(r, 'text/html', '<html><body>Please log in</body></html>'),
  '/plain-login': (r) => send(r, 'text/plain', '<!DOCTYPE html><html>log in</html>'),
  '/fake.xlsx': (r) => send(r, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', CSV),
  '/huge-declared': (r) => send(r, 'text/csv', 'x'.repeat(1_200_000)),
  '/huge-chunked': (r) => {
    r.writeHead(200, { 'content-type': 'text/csv' });
    for (let i = 0; i < 12; i++) r.write('SKU;Titel\n'.repeat(10_000));
    r.end();
  },
  // Sends its header, then nothing: a stalled shop server.
  '/stalled': (r) => r.writeHead(200, { 'content-type': 'text/csv' }).write('SKU;Titel\n'),
  // Declares the whole file, sends a part, and drops the connection (a shop server restarting).
  '/cut-off': (r) => {
    r.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(CSV.length * 10) });
    r.write(CSV);
    setImmediate(() => r.socket?.destroy());
  },
  '/moved': (r) => r.writeHead(302, { location: '/export.csv' }).end(),
  '/loop': (r) => r.writeHead(302, { location: '/loop' }).end(),
  '/broken': (r) => r.writeHead(500).end('oops'),
};

let plain: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feed-source-'));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bestand');
  sheet.addRows([
    ['SKU', 'Titel', 'Preis'],
    ['B-1', 'Lampe', 19.5],
  ]);
  xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  plain = await startHttpServer((_q, r) => send(r, 'text/csv', CSV));
  server = await startHttpsServer(dir, (request, response) => {
    const route = routes[request.url ?? ''];
    if (request.url === '/to-http')
      return void response.writeHead(302, { location: `${plain.origin}/x.csv` }).end();
    if (!route) return void response.writeHead(404).end('not here');
    route(response, hasBasicAuth(request, 'shop', PASSWORD));
  });
});

afterAll(async () => {
  await server.close();
  await plain.close();
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await mainI18n.changeLanguage('en');
});

const url = (p: string, extra: Partial<Extract<FeedSource, { kind: 'url' }>> = {}): FeedSource => ({
  kind: 'url',
  url: `${server.origin}${p}`,
  ...extra,
});

/** Reads a table from the test server (on loopback, so the feed allows private addresses). */
async function read(source: FeedSource, feedId = 'feed-1', limits = {}): Promise<FeedTable> {
  const got = await readFeedSource(source, {
    feedId,
    secrets,
    ca: server.ca,
    limits,
    allowPrivateAddresses: true,
  });
  if (got.kind !== 'csv' && got.kind !== 'xlsx') throw new Error(`not a table: ${got.kind}`);
  return got;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const reasonOf = (error: AppError) => (error.details as { reason: string }).reason;

describe('a feed read from a file', () => {
  it('reads a CSV and an XLSX the way the import reads them', async () => {
    const csvFile = path.join(dir, 'stock.csv');
    await writeFile(csvFile, CSV);
    const csv = await read({ kind: 'file', path: csvFile });
    expect(csv).toMatchObject({ kind: 'csv', delimiter: ';', name: csvFile });
    expect(csv.table.header).toEqual(['SKU', 'Titel', 'Preis', 'Bestand']);
    expect(csv.table.rows).toEqual([
      ['A-1', 'Stuhl', '49', '3'],
      ['A-2', 'Tisch', '120', '0'],
    ]);
    const xlsxFile = path.join(dir, 'stock.xlsx');
    await writeFile(xlsxFile, xlsx);
    const book = await read({ kind: 'file', path: xlsxFile });
    expect(book).toMatchObject({ kind: 'xlsx', sheet: 'Bestand', sheets: ['Bestand'] });
    expect(book.table).toEqual({ header: ['SKU', 'Titel', 'Preis'], rows: [['B-1', 'Lampe', 19.5]] });
  });

  it('refuses a missing file, one over the limit and a web page saved as CSV', async () => {
    const missing = await refusal(read({ kind: 'file', path: path.join(dir, 'gone.csv') }));
    expect(reasonOf(missing)).toBe('file-not-found');
    expect(missing.message).toContain('gone.csv');
    const big = path.join(dir, 'big.csv');
    await writeFile(big, CSV.repeat(100));
    expect(reasonOf(await refusal(read({ kind: 'file', path: big }, 'f', { maxBytes: 1024 })))).toBe(
      'too-large',
    );
    const page = path.join(dir, 'page.csv');
    await writeFile(page, '<html><body>Error</body></html>');
    expect(reasonOf(await refusal(read({ kind: 'file', path: page })))).toBe('markup');
  });
});

describe('a feed read from an https URL', () => {
  it('reads CSV and XLSX exports, whatever type the shop names (within reason), after a redirect', async () => {
    expect((await read(url('/export.csv'))).table.rows).toHaveLength(2);
    expect((await read(url('/octet.csv'))).table.header).toEqual(['SKU', 'Titel', 'Preis', 'Bestand']);
    expect((await read(url('/export.xlsx'))).table.rows).toEqual([['B-1', 'Lampe', 19.5]]);
    expect((await read(url('/moved'))).table.rows).toHaveLength(2);
  });

  it('sends the password kept in the keychain, and never shows it', async () => {
    await secrets.set(feedSecretKey('locked'), PASSWORD);
    const table = await read(url('/locked.csv', { user: 'shop' }), 'locked');
    expect(table.table.rows).toHaveLength(2);
    expect(JSON.stringify(table)).not.toContain(PASSWORD);

    await secrets.set(feedSecretKey('wrong'), 'not-it');
    const refused = await refusal(read(url('/locked.csv', { user: 'shop' }), 'wrong'));
    expect(reasonOf(refused)).toBe('password-refused');
    expect(refused.message).toBe(
      `The server of the feed “${server.origin}/locked.csv” refused user “shop” and its password (HTTP 401). Check both in the feed's settings and in your shop system.`,
    );
    expect(`${refused.message}${JSON.stringify(refused.details)}`).not.toContain('not-it');

    await mainI18n.changeLanguage('de');
    const missing = await refusal(read(url('/locked.csv', { user: 'shop' }), 'never-saved'));
    expect(reasonOf(missing)).toBe('no-password');
    expect(missing.message).toContain('ist nicht im Schlüsselbund');
    const asked = await refusal(read(url('/locked.csv')));
    expect(reasonOf(asked)).toBe('needs-password');
    expect(asked.message).toContain('verlangt Benutzername und Passwort (HTTP 401)');
  });

  it('refuses what is not there, too large, too slow or not a table, in plain words', async () => {
    const notFound = await refusal(read(url('/nothing.csv')));
    expect(reasonOf(notFound)).toBe('not-found');
    expect(notFound.message).toContain('(HTTP 404)');
    expect(reasonOf(await refusal(read(url('/broken'))))).toBe('http-status');
    for (const p of ['/huge-declared', '/huge-chunked']) {
      const big = await refusal(read(url(p), 'f', { maxBytes: 1024 * 1024 }));
      expect(reasonOf(big)).toBe('too-large');
      expect(big.message).toContain('is larger than 1 MB, more than a stock feed should be');
    }
    const slow = await refusal(read(url('/stalled'), 'f', { timeoutMs: 500 }));
    expect(reasonOf(slow)).toBe('timed-out');
    expect(slow.message).toContain('did not arrive within 1 seconds');
    const cut = await refusal(read(url('/cut-off')));
    expect(reasonOf(cut)).toBe('cut-off');
    expect(cut.message).toContain('arrived cut off');
    const login = await refusal(read(url('/login')));
    expect(reasonOf(login)).toBe('not-a-table');
    expect(login.message).toContain('(text/html)');
    expect(reasonOf(await refusal(read(url('/plain-login'))))).toBe('markup');
    expect(reasonOf(await refusal(read(url('/fake.xlsx'))))).toBe('not-a-workbook');
  });

  it('stays on https: no http address, no redirect to http, no password in the address, no endless redirects', async () => {
    const insecure = await refusal(read({ kind: 'url', url: `${plain.origin}/x.csv` }));
    expect(reasonOf(insecure)).toBe('not-https');
    expect(reasonOf(await refusal(read(url('/to-http'))))).toBe('not-https');
    const withPassword = await refusal(
      read({ kind: 'url', url: `https://shop:${PASSWORD}@127.0.0.1:1/x.csv` }),
    );
    expect(reasonOf(withPassword)).toBe('credentials-in-url');
    expect(withPassword.message).not.toContain(PASSWORD);
    expect(reasonOf(await refusal(read(url('/loop'))))).toBe('redirect-loop');
  });

  it('refuses a server whose certificate the machine does not trust', async () => {
    const untrusted = await refusal(
      readFeedSource(url('/export.csv'), { feedId: 'f', secrets, allowPrivateAddresses: true }),
    );
    expect(reasonOf(untrusted)).toBe('certificate');
    expect(untrusted.message).toContain('could not prove who it is');
  });
});
