// The catalog replaced by a newer file (issue 33.1, 33.9): a newer file in the data folder wins when
// the app opens; an older or broken one does not and is logged; a file the seller loads through the
// router is copied to the data folder, is in use at once (the search finds its new category) and
// `catalog:changed` is pushed; a file not newer, or not a catalog, changes nothing and says why.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_FILE, openCatalog, shippedCatalog } from '../../../src/main/catalog';
import type { Catalog, CatalogOrigin } from '../../../src/shared/domain/catalog';
import type { CatalogLoadAnswer } from '../../../src/shared/ipc/contract-catalog';
import { createTempApp, spyLogger, tempDir, type TempApp, type TempDir } from '../../unit/helpers/temp-app';

const NEW_PATH = 'Haus_Garten/Gewaechshaeuser';

/** The shipped catalog with another date and source, and one category more. */
function catalogOf(date: string, source = `test file of ${date}`): Catalog {
  const shipped = shippedCatalog();
  return {
    ...shipped,
    source,
    date,
    categories: [
      ...shipped.categories,
      { path: NEW_PATH, nameDe: 'Haus & Garten > Gewächshäuser', kindsDe: [], attributes: [] },
    ],
  };
}

const shippedDate = () => shippedCatalog().date.slice(0, 10);
const later = () => `${Number(shippedDate().slice(0, 4)) + 1}${shippedDate().slice(4)}`;
const earlier = () => `${Number(shippedDate().slice(0, 4)) - 1}${shippedDate().slice(4)}`;

let folders: TempDir[] = [];
let apps: TempApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.remove();
  for (const folder of folders) folder.remove();
  apps = [];
  folders = [];
});

function folder(): string {
  const made = tempDir('listing-desk-catalog-');
  folders.push(made);
  return made.dir;
}

describe('openCatalog with a file in the data folder', () => {
  it('uses a newer file that parses, keeping our English names', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, CATALOG_FILE), JSON.stringify(catalogOf(later())));
    const log = spyLogger();
    const catalog = await openCatalog({ dataDir: dir, language: () => 'en', log });
    expect(catalog.current().origin).toEqual({
      source: `test file of ${later()}`,
      date: later(),
      from: 'file',
    });
    expect(catalog.view().known(NEW_PATH)).toBe(true);
    const toys = catalog.view().category('Familie_Kind_Baby/Spielzeug');
    expect(toys && catalog.view().names(toys, 'en').sub).toBe(
      catalog.view().names(
        shippedCatalog().categories.find((c) => c.path === toys!.path)!,
        'en',
      ).sub,
    );
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('keeps the shipped catalog beside an older file, and says so in the log', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, CATALOG_FILE), JSON.stringify(catalogOf(earlier())));
    const log = spyLogger();
    const catalog = await openCatalog({ dataDir: dir, language: () => 'en', log });
    expect(catalog.current().origin).toMatchObject({ from: 'shipped', date: shippedDate() });
    expect(catalog.view().known(NEW_PATH)).toBe(false);
    expect(log.info).toHaveBeenCalledWith(
      'catalog: the file in the data folder is not newer than the shipped one',
      expect.objectContaining({ date: earlier() }),
    );
  });

  it('keeps the shipped catalog beside a broken file, and warns in the log', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, CATALOG_FILE), '{"source": "cut off", "date": "2099-01-01", "categ');
    const log = spyLogger();
    const catalog = await openCatalog({ dataDir: dir, language: () => 'de', log });
    expect(catalog.current().origin.from).toBe('shipped');
    expect(log.warn).toHaveBeenCalledWith(
      'catalog: the file in the data folder is not a catalog; the shipped one is in use',
      expect.objectContaining({ problem: expect.stringContaining('not JSON') }),
    );
    // A file that parses as JSON but is no catalog (no categories) is refused the same way.
    writeFileSync(path.join(dir, CATALOG_FILE), JSON.stringify({ source: 'x', date: '2099-01-01' }));
    const again = await openCatalog({ dataDir: dir, language: () => 'de', log });
    expect(again.current().origin.from).toBe('shipped');
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

describe('loading a catalog file through the router', () => {
  async function app(): Promise<{ temp: TempApp; changes: CatalogOrigin[] }> {
    const temp = await createTempApp(folder(), {}, {});
    apps.push(temp);
    const changes: CatalogOrigin[] = [];
    temp.app.events.subscribe((event, payload) => {
      if (event === 'catalog:changed') changes.push(payload as CatalogOrigin);
    });
    return { temp, changes };
  }

  it('copies a newer file to the data folder, uses it at once and tells the window', async () => {
    const { temp, changes } = await app();
    await temp.call('settings:set', { language: 'en' });
    const picked = path.join(folder(), 'picked.json');
    writeFileSync(picked, JSON.stringify(catalogOf(later(), 'a newer guide')));
    const answer = await temp.call<CatalogLoadAnswer>('catalog:load-file', { path: picked });
    expect(answer).toMatchObject({
      ok: true,
      origin: { source: 'a newer guide', date: later(), from: 'file' },
    });
    expect(answer.ok && answer.message).toContain('is in use now (a newer guide)');
    expect(changes).toEqual([{ source: 'a newer guide', date: later(), from: 'file' }]);
    expect(await temp.call('catalog:origin')).toEqual(answer.origin);
    expect(temp.app.catalog.view().known(NEW_PATH)).toBe(true);
    expect(temp.app.catalog.search().search('Gewächshäuser', { language: 'de' })[0]?.path).toBe(NEW_PATH);
    expect(JSON.parse(readFileSync(path.join(temp.dataDir, CATALOG_FILE), 'utf8'))).toMatchObject({
      source: 'a newer guide',
    });

    // The next start reads it from the data folder.
    await temp.app.close();
    apps = apps.filter((a) => a !== temp);
    const reopened = await createTempApp(temp.dataDir);
    apps.push(reopened);
    expect(await reopened.call('catalog:origin')).toMatchObject({ source: 'a newer guide', from: 'file' });
  });

  it('refuses a file that is not newer, or not a catalog, in the seller’s words, and changes nothing', async () => {
    const { temp, changes } = await app();
    await temp.call('settings:set', { language: 'de' });
    const older = path.join(folder(), 'older.json');
    writeFileSync(older, JSON.stringify(catalogOf(earlier())));
    const notNewer = await temp.call<CatalogLoadAnswer>('catalog:load-file', { path: older });
    expect(notNewer).toMatchObject({ ok: false, reason: 'not-newer', origin: { from: 'shipped' } });
    expect(!notNewer.ok && notNewer.message).toMatch(/nicht neuer als der verwendete/);

    const broken = path.join(folder(), 'broken.json');
    writeFileSync(broken, 'Titel;Preis\nStuhl;5\n');
    const unreadable = await temp.call<CatalogLoadAnswer>('catalog:load-file', { path: broken });
    expect(unreadable).toMatchObject({ ok: false, reason: 'unreadable', origin: { from: 'shipped' } });
    expect(!unreadable.ok && unreadable.message).toMatch(/kann die App nicht lesen/);
    expect(temp.log.warn).toHaveBeenCalledWith(
      'catalog: a picked file is not a catalog',
      expect.objectContaining({ file: broken }),
    );

    expect(changes).toEqual([]);
    expect(temp.app.catalog.view().known(NEW_PATH)).toBe(false);
    await expect(() => readFileSync(path.join(temp.dataDir, CATALOG_FILE))).toThrow();
  });
});
