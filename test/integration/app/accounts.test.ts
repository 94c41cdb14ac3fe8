// Accounts and listings through the router, as the renderer uses them, against the app's own
// embedded sandbox and a second sandbox standing in for a remote service.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  AccountsState,
  AccountView,
  ConnectionResult,
  ListingsState,
} from '../../../src/shared/ipc/types';
import { addRealAccount } from '../../helpers/real-account';
import { useAppAndService } from '../../unit/helpers/app-and-service';
import { createTempApp } from '../../unit/helpers/temp-app';
import { Api } from '../sandbox/helpers';

const SECRET = 'remote-secret-0c7e21';
const scene = useAppAndService({ clientId: 'seller-42', clientSecret: SECRET });

const call = <T>(channel: string, input?: unknown) => scene.temp.call<T>(channel, input);
const fail = (channel: string, input?: unknown) => scene.temp.fail(channel, input);

async function addRemote(secret: string | undefined = SECRET): Promise<AccountView> {
  const remote = scene.remote ?? (await scene.service());
  return addRealAccount(
    scene.temp,
    { authUrl: remote.authUrl, baseUrl: `${remote.baseUrl}/` },
    { name: 'Shop', client: { clientId: 'seller-42', clientSecret: secret } },
  );
}

describe('the Sandbox account', () => {
  it('is there and active on first start, with a secret, and connects', async () => {
    const state = await call<AccountsState>('accounts:list');
    expect(state.activeId).toBe('sandbox');
    expect(state.accounts).toEqual([
      expect.objectContaining({
        id: 'sandbox',
        name: 'Sandbox',
        kind: 'sandbox',
        hasSecret: true,
        authScheme: 'auto',
      }),
    ]);
    expect(state.accounts[0]!.baseUrl).toBe(scene.temp.app.sandbox.baseUrl);
    expect(await call<ConnectionResult>('accounts:test', { id: 'sandbox' })).toMatchObject({
      ok: true,
      listingCount: 0,
    });
    const listings = await call<ListingsState>('listings:list');
    expect(listings).toMatchObject({ accountId: 'sandbox', listings: [] });
    expect(listings.problem).toBeUndefined();
  });

  it('keeps its data in the data folder and cannot be removed', async () => {
    expect(existsSync(path.join(scene.temp.dataDir, 'sandbox'))).toBe(true);
    expect((await fail('accounts:remove', { id: 'sandbox' })).code).toBe('forbidden');
    expect((await fail('accounts:set-secret', { id: 'sandbox', secret: 'x' })).code).toBe('forbidden');
  });

  it('creates imprints through the service, keeps them locally and makes the first the default', async () => {
    const first = await call<AccountView>('imprints:create', {
      accountId: 'sandbox',
      content: 'Muster GmbH',
    });
    expect(first.imprints).toHaveLength(1);
    expect(first.defaultImprintUuid).toBe(first.imprints[0]!.uuid);
    const second = await call<AccountView>('imprints:create', {
      accountId: 'sandbox',
      content: 'Zweite GmbH',
    });
    expect(second.defaultImprintUuid).toBe(first.imprints[0]!.uuid);
    const picked = await call<AccountView>('imprints:set-default', {
      accountId: 'sandbox',
      uuid: second.imprints[1]!.uuid,
    });
    expect(picked.defaultImprintUuid).toBe(second.imprints[1]!.uuid);
    expect(scene.temp.app.sandbox.sandbox.stats().clients['listing-desk']).toMatchObject({ imprints: 2 });
    expect((await fail('imprints:set-default', { accountId: 'sandbox', uuid: 'not-one' })).code).toBe(
      'not-found',
    );
  });
});

describe('service accounts', () => {
  it('rejects bad input with a message per field', async () => {
    const error = await fail('accounts:save', {
      name: 'X',
      authUrl: 'ftp://x',
      baseUrl: 'not a url',
      clientId: 'c',
    });
    expect(error.code).toBe('invalid-input');
    const fields = (error.details as Array<{ path: string[] }>).map((d) => d.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['authUrl', 'baseUrl']));
    // In the test app's language (German, its system's): the fields to fill in, by name.
    expect((await fail('accounts:save', { name: 'X' })).message).toMatch(/Adresse des Token-Dienstes/);
  });

  it('stores the secret outside every file, tests, switches and lists the account’s listings', async () => {
    const account = await addRemote();
    expect(account).toMatchObject({ kind: 'service', hasSecret: true, baseUrl: scene.remote!.baseUrl });
    const api = await Api.login(scene.remote!);
    await api.listing({ title: 'Sofa' });
    expect(await call<ConnectionResult>('accounts:test', { id: account.id })).toMatchObject({
      ok: true,
      listingCount: 1,
    });

    await call<AccountsState>('accounts:select', { id: account.id });
    const listings = await call<ListingsState>('listings:list', { refresh: true });
    expect(listings.accountId).toBe(account.id);
    expect(listings.listings.map((l) => l.title)).toEqual(['Sofa']);
    const detail = await call<{ title: string }>('listings:get', { uuid: listings.listings[0]!.uuid });
    expect(detail.title).toBe('Sofa');

    for (const file of readdirSync(scene.temp.dataDir, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(scene.temp.dataDir, file);
      if (statSync(full).isFile()) expect(readFileSync(full).includes(Buffer.from(SECRET)), file).toBe(false);
    }
    expect(
      JSON.stringify(scene.temp.log.error.mock.calls) + JSON.stringify(scene.temp.log.info.mock.calls),
    ).not.toContain(SECRET);
  });

  it('says in plain words what is wrong: a wrong secret, a missing secret, a 401', async () => {
    const wrong = await addRemote('not-the-secret');
    expect(await call<ConnectionResult>('accounts:test', { id: wrong.id })).toMatchObject({
      ok: false,
      problem: 'invalid_client',
    });
    await call('accounts:delete-secret', { id: wrong.id });
    const state = await call<AccountsState>('accounts:list');
    expect(state.accounts.find((a) => a.id === wrong.id)?.hasSecret).toBe(false);
    expect(await call<ConnectionResult>('accounts:test', { id: wrong.id })).toMatchObject({
      ok: false,
      problem: 'missing-secret',
    });

    await call('accounts:set-secret', { id: wrong.id, secret: SECRET });
    // An explicit Bearer setting is honoured as it is, even against a service that wants the bare token.
    await call('accounts:save', { id: wrong.id, name: 'Shop', authScheme: 'bearer' });
    scene.remote!.setQuirks({ authScheme: 'bare' });
    expect(await call<ConnectionResult>('accounts:test', { id: wrong.id })).toMatchObject({
      ok: false,
      problem: 'unauthorized',
    });
    await call('accounts:save', { id: wrong.id, name: 'Shop', authScheme: 'bare' });
    expect(await call<ConnectionResult>('accounts:test', { id: wrong.id })).toMatchObject({ ok: true });
  });

  it('shows the last known list with the problem when the service cannot be reached', async () => {
    const account = await addRemote();
    const api = await Api.login(scene.remote!);
    await api.listing({ title: 'Lampe' });
    await call('accounts:select', { id: account.id });
    expect((await call<ListingsState>('listings:list', { refresh: true })).listings).toHaveLength(1);
    await scene.remote!.close();
    scene.remote = undefined;

    const offline = await call<ListingsState>('listings:list', { refresh: true });
    expect(offline.problem?.problem).toBe('unreachable');
    expect(offline.listings.map((l) => l.title)).toEqual(['Lampe']);
    expect(offline.fetchedAt).not.toBeNull();

    // Also after a restart of the app: the list comes from the cache on disk.
    await scene.temp.app.close();
    const reopened = await createTempApp(scene.temp.dataDir);
    try {
      const cached = await reopened.app.router.call('listings:list', { refresh: true });
      expect(cached).toMatchObject({
        ok: true,
        value: { listings: [expect.objectContaining({ title: 'Lampe' })] },
      });
    } finally {
      await reopened.app.close();
    }
  });

  it('removes an account with its secret; the active account falls back to Sandbox', async () => {
    const account = await addRemote();
    await call('accounts:select', { id: account.id });
    const state = await call<AccountsState>('accounts:remove', { id: account.id });
    expect(state.activeId).toBe('sandbox');
    expect(state.accounts.map((a) => a.id)).toEqual(['sandbox']);
    expect((await fail('accounts:test', { id: account.id })).code).toBe('not-found');
  });

  it('moves an unreadable accounts file aside and starts with the Sandbox account', async () => {
    await addRemote();
    await scene.temp.app.close();
    writeFileSync(path.join(scene.temp.dataDir, 'accounts.json'), '{"accounts": [{"id": 1}], "activeId": 5}');
    const reopened = await createTempApp(scene.temp.dataDir);
    try {
      const state = await reopened.app.router.call('accounts:list', undefined);
      expect(state).toMatchObject({
        ok: true,
        value: { activeId: 'sandbox', accounts: [expect.objectContaining({ id: 'sandbox' })] },
      });
      expect(readdirSync(scene.temp.dataDir).some((f) => f.startsWith('accounts.json.unreadable-'))).toBe(
        true,
      );
      expect(reopened.log.error).toHaveBeenCalledWith(expect.stringContaining('moved aside'));
    } finally {
      await reopened.app.close();
    }
  });
});

describe('the first real account (issue 33.8)', () => {
  it('becomes the one in use once added and tested while the Sandbox is in use; new drafts go to it', async () => {
    const shop = await addRemote();
    // Added alone it changes nothing: the window asks only after a successful test.
    expect((await call<AccountsState>('accounts:list')).activeId).toBe('sandbox');
    expect(await call<ConnectionResult>('accounts:test', { id: shop.id })).toMatchObject({ ok: true });
    const answer = await call<{ chosen: boolean; state: AccountsState }>('accounts:use-if-first', {
      id: shop.id,
    });
    expect(answer.chosen).toBe(true);
    expect(answer.state.activeId).toBe(shop.id);
    expect((await call<{ accountId: string }>('drafts:create')).accountId).toBe(shop.id);
    // Asked again, nothing more happens.
    expect((await call<{ chosen: boolean }>('accounts:use-if-first', { id: shop.id })).chosen).toBe(false);
  });

  it('leaves the account in use alone once the desk has a real account, or for the Sandbox itself', async () => {
    const shop = await addRemote();
    await call('accounts:select', { id: shop.id });
    // The seller went back to the Sandbox on purpose: a second real account does not take over.
    await call('accounts:select', { id: 'sandbox' });
    const remote = scene.remote!;
    const second = await addRealAccount(
      scene.temp,
      { authUrl: remote.authUrl, baseUrl: remote.baseUrl },
      { name: 'Zweitladen', client: { clientId: 'seller-42', clientSecret: SECRET } },
    );
    const answer = await call<{ chosen: boolean; state: AccountsState }>('accounts:use-if-first', {
      id: second.id,
    });
    expect(answer).toMatchObject({ chosen: false, state: { activeId: 'sandbox' } });
    expect(await call('accounts:use-if-first', { id: 'sandbox' })).toMatchObject({ chosen: false });
    expect((await call<{ accountId: string }>('drafts:create')).accountId).toBe('sandbox');
  });
});
