// A desk set to prepare keeps no account's client secret (issue 37.2), in the OS keychain itself:
// removed when this desk changes its own role in Settings → Team, when another desk changes it and
// this one reads its status, and at start; while prepare, storing one is refused in plain words.
// A real PostgreSQL with real desk logins, the real keychain (this suite runs in its D-Bus session).
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { silentLog } from '../../src/main/log/log';
import { loadKeytar, KEYCHAIN_SERVICE, openSecretStore } from '../../src/main/secrets/keytar-store';
import { shopPasswordKey, splitShopUrl } from '../../src/main/shop/connection/shop-db';
import { addDesk } from '../../src/main/shop/setup/add-desk';
import { setDeskRole } from '../../src/main/shop/setup/desk-grades';
import type { ShopSetRoleView, ShopStatusView } from '../../src/shared/ipc/contract-shop';
import type { AccountsState, AccountView } from '../../src/shared/ipc/types';
import { openDesk, initShop, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** `url` signed in as `login` with `password`. */
const as = (url: string, login: string, password: string) => {
  const parsed = new URL(url);
  parsed.username = login;
  parsed.password = password;
  return parsed.toString();
};

/** A refused call's envelope error: its code and words. */
async function refusal(desk: Desk, channel: string, input: unknown) {
  const answer = await desk.app.router.call(channel, input);
  if (answer.ok) throw new Error(`${channel} was not refused`);
  return answer.error;
}

it("removes a prepare desk's account secrets from the keychain and refuses new ones, its Sandbox's kept", async () => {
  const admin = await freshDatabase();
  await initShop(admin);
  const suffix = randomBytes(3).toString('hex');
  const login = `desk_trainee_${suffix}`;
  const password = `pw-${suffix}-trainee`;
  await addDesk({ url: admin, login: { name: login, password }, role: 'publish' }, silentLog);

  const keychain = await openSecretStore();
  expect(keychain.status.mode).toBe('keychain');
  const keytar = loadKeytar();
  let desk = await openDesk(admin, 'Trainee', { via: as(admin, login, password), secrets: keychain });
  cleanup.push(() => keychain.delete(shopPasswordKey(desk.deskId)));
  cleanup.push(() => desk.remove());
  const status = () => desk.call<ShopStatusView>('shop:status');
  await vi.waitFor(async () => expect(await status()).toMatchObject({ role: 'publish', ownerNamed: false }), {
    timeout: 15_000,
  });

  // No owner desk named yet: this publish desk adds the shop's account with its secret, as before.
  const account = await desk.call<AccountView>('accounts:save', {
    name: 'Möbelhaus',
    authUrl: 'http://127.0.0.1:9/auth/v2',
    baseUrl: 'http://127.0.0.1:9/api',
    clientId: `moebel-${suffix}`,
    secret: 'moebel-secret-1',
  });
  cleanup.push(() => keytar.deletePassword(KEYCHAIN_SERVICE, account.id));
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, account.id)).toBe('moebel-secret-1');
  const sandboxSecret = await keytar.getPassword(KEYCHAIN_SERVICE, 'sandbox');
  expect(sandboxSecret).toMatch(/^[\w-]{20,}$/);

  // Settings → Team on this desk: an owner desk's login named, then this desk's own login set to prepare.
  const owner = `desk_owner_${suffix}`;
  await addDesk(
    { url: admin, login: { name: owner, password: `pw-${suffix}-owner` }, role: 'owner' },
    silentLog,
  );
  // The database owner's login, as `shop init` takes it: its password typed apart from the address.
  const ownerLogin = splitShopUrl(admin);
  const changed = await desk.call<ShopSetRoleView>('shop:set-role', {
    url: ownerLogin.url,
    password: ownerLogin.password,
    login,
    role: 'prepare',
  });
  expect(changed).toMatchObject({ login, from: 'publish', to: 'prepare' });
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, account.id)).toBeNull();
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'sandbox')).toBe(sandboxSecret);
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, shopPasswordKey(desk.deskId))).toBe(password);
  expect(await status()).toMatchObject({ role: 'prepare', ownerNamed: true });
  const state = await desk.call<AccountsState>('accounts:list');
  expect(state.accounts.find((a) => a.id === account.id)?.hasSecret).toBe(false);

  // While prepare, a secret is refused in plain words, whichever way it comes, and none is stored.
  const setSecret = await refusal(desk, 'accounts:set-secret', { id: account.id, secret: 'again-2' });
  expect(setSecret).toMatchObject({ code: 'forbidden', details: { role: 'prepare', needed: 'publish' } });
  expect(setSecret.message).toContain("A “prepare” desk keeps no account's client secret");
  const viaSave = await refusal(desk, 'accounts:save', {
    id: account.id,
    name: 'Möbelhaus',
    authUrl: 'http://127.0.0.1:9/auth/v2',
    baseUrl: 'http://127.0.0.1:9/api',
    clientId: `moebel-${suffix}`,
    secret: 'again-3',
  });
  expect(viaSave.details).toMatchObject({ action: 'keep-secrets' });
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, account.id)).toBeNull();
  // Its own Sandbox stays its own: renamed without a word about roles.
  await desk.call('accounts:save', { id: 'sandbox', name: 'Probe' });

  // Another desk (here `shop role`'s code) makes it publish again: it stores a secret once it knows.
  await setDeskRole({ url: admin, login, role: 'publish' }, silentLog);
  expect(await status()).toMatchObject({ role: 'publish' });
  await desk.call('accounts:set-secret', { id: account.id, secret: 'moebel-secret-4' });
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, account.id)).toBe('moebel-secret-4');
  // A publish desk may not change the shared account itself now that an owner is named.
  const rename = await refusal(desk, 'accounts:save', {
    id: account.id,
    name: 'Möbelhaus Schmidt',
  });
  expect(rename.message).toContain('A “publish” desk may not change accounts: only an “owner” desk may.');

  // Set to prepare from elsewhere: the next status refresh learns it and the secret goes.
  await setDeskRole({ url: admin, login, role: 'prepare' }, silentLog);
  await status();
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, account.id)).toBeNull();

  // At start: a secret that reached the keychain meanwhile goes as soon as the desk learns its role.
  const dataDir = desk.dataDir;
  await desk.close();
  await keychain.set(account.id, 'put-there-5');
  desk = await openDesk(admin, 'Trainee', { dataDir, via: as(admin, login, password), secrets: keychain });
  await vi.waitFor(async () => expect(await keytar.getPassword(KEYCHAIN_SERVICE, account.id)).toBeNull(), {
    timeout: 15_000,
    interval: 100,
  });
  expect(desk.log.info).toHaveBeenCalledWith('shop: this desk is prepare; account secrets removed', {
    dropped: [account.id],
  });
});
