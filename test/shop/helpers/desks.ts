// Desks of one shop in one test: each a real back end (createApp) over its own data folder, joined
// to the same PostgreSQL database as `shop join` leaves a desk (a row in desks, membership.json,
// the password in its secret store). The session's pauses are short so a cut heals quickly.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { createApp, type App, type AppConfig } from '../../../src/main/app';
import { readMembership, writeMembership } from '../../../src/main/shop/connection/membership';
import { shopPasswordKey, splitShopUrl } from '../../../src/main/shop/connection/shop-db';
import { createSessionSecretStore, type SecretStore } from '../../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import type { Envelope } from '../../../src/shared/ipc/envelope';
import type { AccountView } from '../../../src/shared/ipc/types';
import { addRealAccount } from '../../helpers/real-account';
import { spyLogger } from '../../unit/helpers/temp-app';
import { startCutProxy, type CutProxy } from './cut-proxy';
import { initShop } from './desk-session';
import { freshDatabase } from './shared-postgres';

/** Runs one statement as the superuser on `url`. */
export async function adminQuery<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export { initShop } from './desk-session';

/** A fresh shop database and a proxy to it the test can cut (`via`); the proxy's close goes to `closing`. */
export async function shopBehindProxy(closing: Array<() => Promise<unknown>>) {
  const url = await freshDatabase();
  await initShop(url);
  const proxy = await startCutProxy(Number(new URL(url).port));
  closing.push(() => proxy.close());
  return { url, proxy, via: viaPort(url, proxy.port) };
}

/**
 * Desk A ("Laden") straight on a fresh shop database and desk B ("Lager") through a proxy the test
 * can cut, B connected; both desks and the proxy are pushed to the caller's lists to close.
 */
export async function deskBehindProxy(desks: Desk[], proxies: CutProxy[]) {
  const url = await freshDatabase();
  await initShop(url);
  const proxy = await startCutProxy(Number(new URL(url).port));
  proxies.push(proxy);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager', { via: viaPort(url, proxy.port) });
  desks.push(a, b);
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('connected'), {
    timeout: 15_000,
    interval: 50,
  });
  return { a, b, proxy, url };
}

export interface Desk {
  app: App;
  name: string;
  deskId: string;
  dataDir: string;
  log: ReturnType<typeof spyLogger>;
  /** Every event the back end raised, in order. */
  events: { event: string; payload: unknown }[];
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** Closes the back end, keeping its data folder (open it again with `openDesk(..., { dataDir })`). */
  close(): Promise<void>;
  /** Closes it and removes its data folder. */
  remove(): Promise<void>;
}

export interface DeskOptions {
  /** A data folder that already joined (a restart). */
  dataDir?: string;
  /** The database URL this desk uses (e.g. through a cut proxy); default the shop's. */
  via?: string;
  secrets?: SecretStore;
  /** More of the app's config (e.g. a short job lease). */
  config?: Partial<AppConfig>;
}

/** Joins a desk named `name` to the shop at `shopUrl` (a URL with its password) and opens its back end. */
export async function openDesk(shopUrl: string, name: string, options: DeskOptions = {}): Promise<Desk> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'listing-desk-desk-'));
  const { url, password } = splitShopUrl(options.via ?? shopUrl);
  const joined = (await readMembership(dataDir)).membership;
  const deskId = joined?.deskId ?? randomUUID();
  if (!joined) {
    const [shop] = await adminQuery<{ id: string }>(shopUrl, 'select id from listing_desk.shop');
    // Written under the login the desk signs in with, as a join does: the database keeps that login
    // as the desk's (its activity rows are then taken from it alone).
    await adminQuery(options.via ?? shopUrl, 'insert into listing_desk.desks (id, name) values ($1, $2)', [
      deskId,
      name,
    ]);
    await writeMembership(dataDir, {
      url,
      shopId: shop!.id,
      deskId,
      deskName: name,
      joinedAt: new Date().toISOString(),
    });
  }
  const secrets = options.secrets ?? createSessionSecretStore('no keychain in tests');
  if (password) await secrets.set(shopPasswordKey(deskId), password);
  const log = spyLogger();
  const app = await createApp(
    {
      shell: 'web',
      dataDir,
      version: '9.8.7',
      systemLocale: 'en-US',
      shopTiming: { retry: { firstMs: 100, maxMs: 400 }, connectTimeoutMs: 2_000 },
      ...options.config,
    },
    { storeFactory: confStoreFactory, secretStore: secrets, log },
  );
  const events: Desk['events'] = [];
  app.events.subscribe((event, payload) => events.push({ event, payload }));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  return {
    app,
    log,
    name,
    deskId,
    dataDir,
    events,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const result = (await app.router.call(channel, input)) as Envelope<T>;
      if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), result.error);
      return result.value;
    },
    close,
    async remove() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `url` with another port (to go through a proxy). */
export function viaPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
}

/** The client the shop's account signs in with on the tests' sandboxes. */
export const SHOP_CLIENT = { clientId: 'moebelhaus-schmidt', clientSecret: 'moebel-secret-9d2c' };

/** Saves and selects the shop's account with its secret on `d` (other desks receive it without). */
export async function saveShopAccount(
  d: Pick<Desk, 'call'>,
  sb: { authUrl: string; baseUrl: string },
): Promise<AccountView> {
  const saved = await addRealAccount(d, sb, { name: 'Möbelhaus', client: SHOP_CLIENT, select: true });
  return saved;
}
