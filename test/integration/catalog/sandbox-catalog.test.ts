// The sandbox's catalog checks over real HTTP (issue 33.5): `categoryPaths: 'catalog'` refuses a path
// the marketplace's catalog does not list with the service's own 400 "Failed to read request" and
// takes a catalog path; `attributeValues` refuses a select's value outside the catalog only for the
// keys asked (or all); both off by default; a catalog file of one's own replaces the shipped one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { Api, listingBody, start } from '../sandbox/helpers';
import { tempDir } from '../../unit/helpers/temp-app';

const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sb) => sb.close()));
});

async function open(options: Parameters<typeof start>[0] = {}): Promise<{ sb: Sandbox; api: Api }> {
  const sb = await start(options);
  running.push(sb);
  return { sb, api: await Api.login(sb) };
}

const SHOES = 'Mode_Beauty/Schuhe_Damen';
const create = (api: Api, fields: Record<string, unknown>) =>
  api.call('POST', '/v1/listings', { body: { ...listingBody(), ...fields } });

/** The body the spec shows for a listing's invalid data, exactly. */
const failedToRead = (instance: string) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  detail: 'Failed to read request',
  instance,
});

describe('category paths', () => {
  it('are any path by default, as before', async () => {
    const { api } = await open();
    expect((await create(api, { category: 'Elektronik/Handys' })).status).toBe(200);
  });

  it('outside the catalog are refused with 400 Failed to read request; a catalog path is taken', async () => {
    const { api } = await open({ quirks: { categoryPaths: 'catalog' } });
    const refused = await create(api, { category: 'Elektronik/Handys' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject(failedToRead('/api/v1/listings'));
    // A name of the tree alone is no path either.
    expect((await create(api, { category: 'Schuhe_Damen' })).status).toBe(400);
    const taken = await create(api, { category: SHOES, attributes: { groesse: 'xl' } });
    expect(taken.status).toBe(200);
    const { uuid } = taken.body as { uuid: string };
    // An update to a path outside the catalog is refused the same way; one that keeps it is taken.
    const moved = await api.call('PUT', `/v1/listings/${uuid}`, { body: { category: 'Elektronik/Handys' } });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject(failedToRead(`/api/v1/listings/${uuid}`));
    expect((await api.call('PUT', `/v1/listings/${uuid}`, { body: { title: 'Pumps' } })).status).toBe(200);
    const read = await api.call('GET', `/v1/listings/${uuid}`);
    // Read back as the sample shows it: the last segment (the default quirk, kept).
    expect(read.body).toMatchObject({ category: 'Schuhe_Damen', title: 'Pumps' });
  });

  it('can be switched at run time', async () => {
    const { sb, api } = await open();
    sb.setQuirks({ categoryPaths: 'catalog' });
    expect((await create(api, { category: 'Elektronik/Handys' })).status).toBe(400);
    sb.setQuirks({ categoryPaths: 'any' });
    expect((await create(api, { category: 'Elektronik/Handys' })).status).toBe(200);
  });
});

describe('select values', () => {
  it('are refused outside the catalog only for the keys asked, even where paths are checked', async () => {
    const { api } = await open({ quirks: { categoryPaths: 'catalog', attributeValues: ['groesse'] } });
    const xl = await create(api, { category: SHOES, attributes: { groesse: 'xl' } });
    expect(xl.status).toBe(400);
    expect(xl.body).toMatchObject(failedToRead('/api/v1/listings'));
    // A listed size, a brand not listed (not asked), a key the category does not list: taken.
    const ok = await create(api, {
      category: SHOES,
      attributes: { groesse: '38', brand: 'kleine_marke', farbe_frei: 'petrol', versand: 'ja' },
    });
    expect(ok.status).toBe(200);
    const { uuid } = ok.body as { uuid: string };
    // An update sending attributes only is judged in the listing's own category.
    const put = await api.call('PUT', `/v1/listings/${uuid}`, { body: { attributes: { groesse: 'xl' } } });
    expect(put.status).toBe(400);
  });

  it('are refused outside the catalog for every select under `catalog`', async () => {
    const { api } = await open({ quirks: { attributeValues: 'catalog' } });
    expect((await create(api, { category: SHOES, attributes: { brand: 'kleine_marke' } })).status).toBe(400);
    expect(
      (await create(api, { category: SHOES, attributes: { brand: 'adidas', groesse: '38' } })).status,
    ).toBe(200);
    // Paths are not checked unless asked: a path outside the catalog has no lists to check against.
    expect((await create(api, { category: 'Elektronik/Handys', attributes: { brand: 'x' } })).status).toBe(
      200,
    );
  });
});

describe('the catalog file', () => {
  it('is the one given instead of the shipped one', async () => {
    const folder = tempDir('listing-desk-sandbox-catalog-');
    try {
      const file = path.join(folder.dir, 'catalog.json');
      writeFileSync(
        file,
        JSON.stringify({
          source: 'test',
          date: '2030-01-01',
          categories: [
            {
              path: 'Elektronik/Handys',
              attributes: [{ key: 'marke', type: 'select', options: [{ value: 'apple', label: 'Apple' }] }],
            },
          ],
        }),
      );
      const { api } = await open({
        catalogFile: file,
        quirks: { categoryPaths: 'catalog', attributeValues: 'catalog' },
      });
      expect(
        (await create(api, { category: 'Elektronik/Handys', attributes: { marke: 'apple' } })).status,
      ).toBe(200);
      expect(
        (await create(api, { category: 'Elektronik/Handys', attributes: { marke: 'nokia' } })).status,
      ).toBe(400);
      expect((await create(api, { category: SHOES })).status).toBe(400);
      await expect(start({ catalogFile: path.join(folder.dir, 'missing.json') })).rejects.toThrow();
    } finally {
      folder.remove();
    }
  });

  it('and both checks are flags of `npm run sandbox`', () => {
    const parsed = parseCli([
      '--category-paths',
      'catalog',
      '--attribute-values',
      'groesse,condition',
      '--catalog',
      '/tmp/c.json',
    ]);
    expect(parsed).toMatchObject({
      help: false,
      options: {
        quirks: { categoryPaths: 'catalog', attributeValues: ['groesse', 'condition'] },
        catalogFile: '/tmp/c.json',
      },
    });
    expect(parseCli(['--attribute-values', 'catalog'])).toMatchObject({
      options: { quirks: { attributeValues: 'catalog' } },
    });
    expect(() => parseCli(['--category-paths', 'some'])).toThrow(/category-paths/);
  });
});
