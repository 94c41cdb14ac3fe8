// The built-in Sandbox account's service refuses category paths outside the catalog (issue 33.5), so
// practice there teaches what the real service will say; tests turn that off through
// LISTING_DESK_SANDBOX_CATALOG (vitest.config.ts), and a test of the checks turns them on.
import { afterEach, expect, it, vi } from 'vitest';
import { sandboxCatalogChecks } from '../../../src/main/accounts/embedded-sandbox';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';

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
