// Any command on a desk in a shop (issue 24.2, 24.3): a command's process lives for that command
// alone, so it reads the shop before it answers and sends what it changed before it ends; with the
// database down it works on the desk's copy and says so, with what waits to go up.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { put, putPhoto } from '../fixtures/import/import-files';
import { cli } from '../integration/cli/run-cli';
import { deskOnOwnServer, initialisedShop, newDataDir, removeDataDirs, sql } from './helpers/shop-cli';

afterAll(removeDataDirs);

const draftTotal = (stdout: string) => (JSON.parse(stdout) as { drafts: { total: number } }).drafts.total;

/** A CSV of two drafts, the first with a photo. */
function stockTable(): { table: string; photos: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-commands-'));
  const photos = path.join(dir, 'photos');
  putPhoto(photos, 'table.png', 3);
  return {
    table: put(dir, 'stock.csv', 'Title;Price;Photo\nOak table;120;table.png\nBirch chair;45;\n'),
    photos,
  };
}

describe('a command on a desk in a shop', () => {
  it('sends what it changed before it ends, and another desk’s next command sees it with its photo', async () => {
    const { adminUrl, deskUrl, password } = await initialisedShop();
    const front = newDataDir();
    const back = newDataDir();
    for (const [dataDir, name] of [
      [front, 'Front'],
      [back, 'Back'],
    ] as const) {
      const join = await cli(
        ['shop', 'join', deskUrl, '--data-dir', dataDir, '--name', name],
        {},
        `${password}\n`,
      );
      expect(join.code, join.stderr).toBe(0);
    }
    const { table, photos } = stockTable();
    const imported = await cli(['import', table, '--photos', photos, '--data-dir', front]);
    expect(imported.code, imported.stderr).toBe(6);
    // In the shop when the command has ended, not at the desk's next start.
    const rows = await sql(adminUrl, `select count(*) as n from listing_desk.items where kind = 'draft'`);
    expect(Number(rows.rows[0].n)).toBe(2);

    // The other desk's very next command reads the shop first.
    const status = await cli(['status', '--json', '--data-dir', back]);
    expect(status.code, status.stderr).toBe(0);
    expect(draftTotal(status.stdout)).toBe(2);
    const photoFiles = readdirSync(path.join(back, 'photos'), { recursive: true }) as string[];
    expect(photoFiles.filter((file) => file.endsWith('.png'))).toHaveLength(1);
  });

  it('works on the desk’s copy while the database is down and says so, in English and German', async () => {
    const { server, adminUrl, dataDir } = await deskOnOwnServer('Branch');
    try {
      server.stop();
      const { table, photos } = stockTable();
      const imported = await cli(['import', table, '--photos', photos, '--data-dir', dataDir]);
      expect(imported.code, imported.stderr).toBe(6);
      expect(imported.stderr).toContain(
        "The team's database does not answer: this command works on this desk's copy",
      );
      expect(imported.stderr).toContain('2 changes wait on this desk: they go up to the team');
      const status = await cli(['status', '--json', '--data-dir', dataDir], { LANG: 'de_DE.UTF-8' });
      expect(status.code, status.stderr).toBe(0);
      expect(draftTotal(status.stdout)).toBe(2);
      expect(status.stderr).toContain('Die Datenbank des Teams antwortet nicht');
      expect(status.stderr).toContain('2 Änderungen warten darauf, zum Team zu gehen.');

      server.start();
      // The status counts after one round: what waited has gone up.
      const shop = await cli(['shop', 'status', '--json', '--data-dir', dataDir]);
      expect(shop.code, shop.stderr).toBe(0);
      expect(JSON.parse(shop.stdout)).toMatchObject({ link: { state: 'connected' }, waiting: 0 });
      const back = await cli(['status', '--json', '--data-dir', dataDir]);
      expect(back.stderr).not.toContain('does not answer');
      const rows = await sql(adminUrl, `select count(*) as n from listing_desk.items where kind = 'draft'`);
      expect(Number(rows.rows[0].n)).toBe(2);
      expect(existsSync(path.join(dataDir, 'shop', 'membership.json'))).toBe(true);
    } finally {
      server.remove();
    }
  });
});
