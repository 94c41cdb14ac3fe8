// The per-account marketplace address pattern through the router: validated by main (https only,
// with {adId}), kept on the account record across a restart, changeable on the built-in account too,
// and emptied again to show no link.
import { afterEach, expect, it } from 'vitest';
import type { AccountView } from '../../../src/shared/ipc/types';
import { createTempApp, tempDir } from '../../unit/helpers/temp-app';

const folder = tempDir('listing-desk-pattern-');
afterEach(() => folder.remove());

it('keeps a valid pattern, refuses bad ones, and clears it', async () => {
  let temp = await createTempApp(folder.dir);
  const sandbox = (await temp.call<{ accounts: AccountView[] }>('accounts:list')).accounts[0]!;
  expect(sandbox.marketplaceUrlPattern ?? '').toBe('');

  for (const bad of ['http://shop.example/{adId}', 'https://shop.example/ad', 'shop.example/{adId}']) {
    const error = await temp.fail('accounts:save', {
      id: sandbox.id,
      name: sandbox.name,
      marketplaceUrlPattern: bad,
    });
    expect(error.code).toBe('invalid-input');
    expect(JSON.stringify(error.details)).toContain('marketplaceUrlPattern');
  }

  const saved = await temp.call<AccountView>('accounts:save', {
    id: sandbox.id,
    name: sandbox.name,
    marketplaceUrlPattern: ' https://shop.example/anzeige/{adId} ',
  });
  expect(saved.marketplaceUrlPattern).toBe('https://shop.example/anzeige/{adId}');
  // A save that does not name the pattern keeps it.
  await temp.call('accounts:save', { id: sandbox.id, name: 'Sandbox 2' });
  await temp.remove();

  temp = await createTempApp(folder.dir);
  const again = (await temp.call<{ accounts: AccountView[] }>('accounts:list')).accounts[0]!;
  expect(again).toMatchObject({
    name: 'Sandbox 2',
    marketplaceUrlPattern: 'https://shop.example/anzeige/{adId}',
  });
  const cleared = await temp.call<AccountView>('accounts:save', {
    id: sandbox.id,
    name: again.name,
    marketplaceUrlPattern: '',
  });
  expect(cleared.marketplaceUrlPattern).toBe('');

  // A service account takes one as well.
  const shop = await temp.call<AccountView>('accounts:save', {
    name: 'Möbelhaus',
    authUrl: 'https://auth.example.com/auth/v2',
    baseUrl: 'https://api.example.com/api',
    clientId: 'shop',
    marketplaceUrlPattern: 'https://www.example.de/s-anzeige/{adId}',
  });
  expect(shop.marketplaceUrlPattern).toBe('https://www.example.de/s-anzeige/{adId}');
  await temp.remove();
}, 30_000);
