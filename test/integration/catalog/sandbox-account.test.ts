// The built-in Sandbox account's service refuses category paths outside the catalog (issue 33.5), so
// practice there teaches what the real service will say; tests turn that off through
// LISTING_DESK_SANDBOX_CATALOG (vitest.config.ts), and a test of the checks turns them on.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { sandboxCatalogChecks } from '../../../src/main/accounts/embedded-sandbox';
import { shippedCatalog } from '../../../src/main/catalog';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { createServiceClient } from '../../../src/main/service-client';
import { SANDBOX_ACCOUNT_ID } from '../../../src/main/storage/accounts-store';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let temp: TempApp | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await temp?.remove();
  temp = undefined;
});

it('refuses paths outside the catalog and takes any select value, unless the environment says otherwise', () => {
  expect(sandboxCatalogChecks({})).toEqual({ categoryPaths: 'catalog', attributeValues: 'any' });
  expect(sandboxCatalogChecks({ LISTING_DESK_SANDBOX_CATALOG: 'off' })).toEqual({
    categoryPaths: 'any',
    attributeValues: 'any',
  });
  expect(sandboxCatalogChecks({ LISTING_DESK_SANDBOX_CATALOG: 'paths,values' })).toEqual({
    categoryPaths: 'catalog',
    attributeValues: 'catalog',
  });
  expect(sandboxCatalogChecks({ LISTING_DESK_SANDBOX_CATALOG: 'paths,values=groesse+condition' })).toEqual({
    categoryPaths: 'catalog',
    attributeValues: ['groesse', 'condition'],
  });
});

it('is what the app starts its Sandbox with: paths checked by default, off in tests', async () => {
  expect(process.env.LISTING_DESK_SANDBOX_CATALOG).toBe('off');
  temp = await createTempApp();
  expect(temp.app.sandbox.sandbox.quirks).toMatchObject({ categoryPaths: 'any', attributeValues: 'any' });
  await temp.remove();
  vi.stubEnv('LISTING_DESK_SANDBOX_CATALOG', '');
  temp = await createTempApp();
  expect(temp.app.sandbox.sandbox.quirks).toMatchObject({ categoryPaths: 'catalog', attributeValues: 'any' });
});

it('checks against a newer catalog file once the seller loads one', async () => {
  vi.stubEnv('LISTING_DESK_SANDBOX_CATALOG', 'paths');
  const secretStore = createSessionSecretStore('no keychain in tests');
  temp = await createTempApp(undefined, { secretStore });
  const { authUrl, baseUrl, clientId } = temp.app.sandbox;
  const client = createServiceClient({
    authUrl,
    baseUrl,
    clientId,
    authScheme: 'auto',
    getSecret: () => secretStore.get(SANDBOX_ACCOUNT_ID),
    retry: { limit: 0 },
  });
  const phone = {
    title: 'Fairphone 5',
    category: 'Elektronik/Handys',
    description: 'Wie neu.',
    attributes: {},
    adType: 'OFFER',
    price: { type: 'FIXED', amount: 300 },
    email: 'seller@example.de',
  };
  await expect(client.createListing(phone)).rejects.toMatchObject({
    status: 400,
    detail: 'Failed to read request',
  });
  const folder = tempDir('listing-desk-newer-catalog-');
  try {
    const file = path.join(folder.dir, 'newer.json');
    const shipped = shippedCatalog();
    const newer = {
      ...shipped,
      date: '2999-01-01',
      categories: [...shipped.categories, { path: phone.category }],
    };
    writeFileSync(file, JSON.stringify(newer));
    expect(await temp.call('catalog:load-file', { path: file })).toMatchObject({ ok: true });
    await vi.waitFor(async () =>
      expect((await client.createListing(phone)).uuid).toEqual(expect.any(String)),
    );
  } finally {
    folder.remove();
  }
});
