// The app with a shop's product feeds served over HTTPS (issue 35.7): the real app over a temporary
// data folder and its embedded sandbox (helpers.ts), trusting the feed server's throwaway
// certificate, with the account's contact and place set and the shop's categories mapped once, as
// a seller does before a first run. Nothing is mocked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Draft } from '../../../../src/shared/domain/drafts/draft';
import type { FeedView } from '../../../../src/shared/domain/feeds/feed';
import type { DraftsListResult, ListingView } from '../../../../src/shared/ipc/types';
import { shopVersion, writers, type FixtureFormat } from '../../../fixtures/feeds/products';
import { tempDir, type TempDir } from '../../../unit/helpers/temp-app';
import { feedApp, type FeedApp } from '../helpers';
import { startFeedServer, type FeedServer, type ServeOptions } from './feed-server';
import { SHOP_DEFAULTS } from './shop-defaults';

export { SHOP_DEFAULTS };

/** The shop's categories mapped to the catalog's (issue 34), deeper ones where the kind differs. */
export const SHOP_MAPPINGS: { shopCategory: string; path: string; attributes?: Record<string, string> }[] = [
  {
    shopCategory: 'Haushalt > Küche',
    path: 'Multimedia_Elektronik/Haushaltsgeraete',
    attributes: { art: 'kuehlschraenke_gefriergeraete' },
  },
  {
    shopCategory: 'Haushalt > Küche > Kaffeemaschinen',
    path: 'Multimedia_Elektronik/Haushaltsgeraete',
    attributes: { art: 'kaffee_espressomaschinen' },
  },
  {
    shopCategory: 'Haushalt > Küche > Geschirr',
    path: 'Haus_Garten/Kueche_Esszimmer',
    attributes: { art: 'geschirr' },
  },
  {
    shopCategory: 'Mode > Herren > Jacken',
    path: 'Mode_Beauty/Kleidung_Herren',
    attributes: { art: 'jacken_maentel' },
  },
  { shopCategory: 'Wohnen > Leuchten', path: 'Haus_Garten/Lampen_Licht' },
];

export interface ProductFeedApp extends FeedApp {
  server: FeedServer;
  /** Serves version `version` of the shop's range as `format` at `path`; answers the address. */
  serveVersion(
    format: FixtureFormat,
    version: 1 | 2 | 3,
    path: string,
    options?: ServeOptions & { accessKey?: string; saleDates?: string },
  ): string;
  /** Adds a feed over `url`: publishing, on loopback, no reference column (a recognized format). */
  addProductFeed(name: string, url: string, extra?: Record<string, unknown>): Promise<FeedView>;
  /** The live ad of `reference` (exactly one). */
  ad(reference: string): Promise<ListingView>;
  /** The draft of `reference`. */
  draft(reference: string): Promise<Draft>;
  /** How many drafts the desk has. */
  draftCount(): Promise<number>;
}

/** Text with every run of white space (no-break ones too) one plain space. */
export const words = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** Starts the app and the shop's feed server; the account and mappings ready. */
export async function productFeedApp(
  ports: Parameters<typeof feedApp>[0] = {},
  config: Parameters<typeof feedApp>[1] = {},
): Promise<ProductFeedApp> {
  const certs: TempDir = tempDir('listing-desk-feed-cert-');
  const server = await startFeedServer(certs.dir);
  const app = await feedApp(ports, { ...config, feedCa: server.ca });
  await app.call('accounts:set-defaults', { id: 'sandbox', defaults: SHOP_DEFAULTS });
  for (const mapping of SHOP_MAPPINGS) await app.call('categories:map', mapping);
  const draftsList = async () => (await app.call<DraftsListResult>('drafts:list', {})).items;
  const close = app.close.bind(app);
  return Object.assign(app, {
    server,
    serveVersion(
      format: FixtureFormat,
      version: 1 | 2 | 3,
      at: string,
      options: ServeOptions & { accessKey?: string; saleDates?: string } = {},
    ) {
      const { accessKey = 'no-key', saleDates, ...serve } = options;
      const text = writers[format](shopVersion(version, saleDates), { origin: server.origin, accessKey });
      return server.serve(at, text, serve);
    },
    addProductFeed(name: string, url: string, extra: Record<string, unknown> = {}) {
      return app.call<FeedView>('feeds:save', {
        settings: {
          name,
          source: { kind: 'url', url },
          accountId: 'sandbox',
          publish: true,
          allowPrivateAddresses: true,
          // A version pauses two or three of the shop's handful of ads at once.
          maxShare: 0.6,
          ...extra,
        },
      });
    },
    async ad(reference: string) {
      const found = (await app.listings()).filter((l) => l.customReference === reference);
      if (found.length !== 1) throw new Error(`${found.length} ads of ${reference}`);
      return found[0]!;
    },
    async draft(reference: string) {
      const item = (await draftsList()).find((d) => d.customReference === reference);
      if (!item) throw new Error(`no draft of ${reference}`);
      return app.call<Draft>('drafts:get', { id: item.id });
    },
    draftCount: async () => (await draftsList()).length,
    async close() {
      await close();
      await server.close();
      certs.remove();
    },
  });
}

/** Every file under `dir` whose bytes hold `secret` (as written, or as an address would encode it). */
export function filesHolding(dir: string, secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret)].map((s) => Buffer.from(s, 'utf8'));
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (forms.some((form) => readFileSync(file).includes(form))) found.push(file);
    }
  };
  walk(dir);
  return found;
}
