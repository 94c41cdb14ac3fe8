// Helpers of the feed suite: the real app over a temporary data folder and its embedded sandbox, a
// shop's CSV written version by version, and reads of what the sandbox has. Nothing is mocked.
import { expect, vi } from 'vitest';
import type { FeedView } from '../../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import type { ListingView } from '../../../src/shared/ipc/types';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { Api } from '../sandbox/helpers';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

/** One product of the shop's export. */
export interface Product {
  sku: string;
  title: string;
  price: string;
  stock: string;
}

export const HEADER =
  'SKU;Titel;Beschreibung;Kategorie;Preis;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild';

/** The shop's CSV of these products (each with its own photo, written beside it). */
export function csvOf(products: readonly Product[], header = HEADER): string {
  const lines = products.map(
    (p) =>
      `${p.sku};${p.title};Aus dem Lager.;Multimedia_Elektronik/Haushaltsgeraete;${p.price};${p.stock};shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;${p.sku}.png`,
  );
  return `${header}\n${lines.join('\n')}\n`;
}

export interface FeedApp {
  temp: TempApp;
  /** The folder of the shop's export and its photos. */
  dir: string;
  api: Api;
  /** Writes the shop's CSV as `products` (photos for each SKU written once). */
  write(products: readonly Product[], header?: string): string;
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** Every listing of the account on the sandbox. */
  listings(): Promise<ListingView[]>;
  /** The requested state of each publication of the listing of this reference. */
  states(reference: string): Promise<string[]>;
  /** Requests the sandbox counted that change something (POST, PUT, DELETE). */
  writes(): number;
  /** Waits until every publish job is published. */
  published(count: number): Promise<void>;
  /** Closes the app and opens it again on the same data folder (nothing kept in memory). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the app with an empty data folder and a folder for the shop's export (`ports`, `config`: a test's clock). */
export async function feedApp(
  ports: Parameters<typeof createTempApp>[1] = {},
  config: Parameters<typeof createTempApp>[2] = {},
): Promise<FeedApp> {
  const src = tempDir('listing-desk-feed-src-');
  const data = tempDir('listing-desk-feed-data-');
  let temp = await createTempApp(data.dir, ports, config);
  const sandbox = () => temp.app.sandbox.sandbox;
  sandbox().configure({ validationDelayMs: 20 });
  let api = await Api.login(sandbox(), sandbox().clients[0]);
  const photos = new Set<string>();
  const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);
  const listings = async () => (await api.call('GET', '/v1/listings')).body as ListingView[];
  return {
    get temp() {
      return temp;
    },
    dir: src.dir,
    get api() {
      return api;
    },
    call,
    async reopen() {
      await temp.app.close();
      temp = await createTempApp(data.dir, ports, config);
      sandbox().configure({ validationDelayMs: 20 });
      api = await Api.login(sandbox(), sandbox().clients[0]);
    },
    write(products, header) {
      for (const [i, p] of products.entries())
        if (!photos.has(p.sku)) {
          putPhoto(src.dir, `${p.sku}.png`, i + photos.size);
          photos.add(p.sku);
        }
      return put(src.dir, 'lager.csv', csvOf(products, header));
    },
    listings,
    async states(reference) {
      const listing = (await listings()).find((l) => l.customReference === reference)!;
      const res = await api.call('GET', `/v1/listings/${listing.uuid}/publications`);
      return (res.body as { requestedState: string }[]).map((p) => p.requestedState);
    },
    writes() {
      const requests = sandbox().stats().requests;
      return Object.entries(requests)
        .filter(([route]) => /^(POST|PUT|DELETE) \/v1\//.test(route))
        .reduce((sum, [, byStatus]) => sum + Object.values(byStatus).reduce((a, n) => a + n, 0), 0);
    },
    async published(count) {
      await vi.waitFor(
        async () => {
          const { jobs } = await call<PublishState>('publish:list');
          expect(jobs.filter((job) => job.state === 'published')).toHaveLength(count);
        },
        { timeout: 30_000, interval: 100 },
      );
    },
    async close() {
      await temp.remove();
      data.remove();
      src.remove();
    },
  };
}

/** Adds the feed `lager` over `file`, publishing new rows, pausing gone ones. */
export function addFeed(app: FeedApp, file: string, extra: Record<string, unknown> = {}): Promise<FeedView> {
  return app.call<FeedView>('feeds:save', {
    settings: {
      name: 'lager',
      source: { kind: 'file', path: file },
      accountId: 'sandbox',
      referenceColumn: 'SKU',
      stockColumn: 'Bestand',
      publish: true,
      ...extra,
    },
  });
}

/** Each entry of a run as `reference: action/outcome`. */
export function outcomes(run: FeedRun): string[] {
  return run.entries.map((e) => `${e.reference}: ${e.action}/${e.outcome}`).sort();
}
