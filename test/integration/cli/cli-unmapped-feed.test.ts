// `categories unmapped --feed NAME` (issue 34.4): the shop categories of a feed's source as it is
// now that no mapping serves, each once with how many rows carry it and the catalog's guesses; a
// feed that is not there named with the feeds there are (exit 2). The feeds room reads the source.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const [data, files] = tempDirsForFile('listing-desk-cli-feed-unmapped-', 'listing-desk-cli-feed-source-');
const dir = path.join(data.dir, 'desk');

const rows = [
  'SKU;Titel;Kategorie;Preis;Bestand',
  'P-1;Pumps rot;Damen/Schuhe/Pumps;40;1',
  'P-2;Pumps schwarz;damen > schuhe > pumps;45;1',
  'T-1;Esstisch Eiche;Möbel > Tische > Esstische;240;1',
  'W-1;Regal;Haus_Garten/Wohnzimmer;90;1',
  'S-1;Stuhl;Möbel | Stühle;20;1',
];

describe('a feed’s unmapped shop categories on the command line', () => {
  it('names those of the feed’s source, each once with its rows and guesses', async () => {
    const source = path.join(files.dir, 'lager.csv');
    writeFileSync(source, `${rows.join('\n')}\n`);
    const added = await cli(['feed', 'add', 'Laden', source, '--data-dir', dir]);
    expect(added.code, added.stderr).toBe(0);
    const mapped = await cli([
      'categories',
      'map',
      'Möbel > Tische',
      'Haus_Garten/Kueche_Esszimmer',
      '--data-dir',
      dir,
    ]);
    expect(mapped.code, mapped.stderr).toBe(0);

    const json = await cli(['categories', 'unmapped', '--feed', 'laden', '--json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    const found = JSON.parse(json.stdout) as {
      from: { kind: string; name: string; source: string };
      unmapped: { shopCategory: string; rows: number; guesses: { path: string }[] }[];
    };
    expect(found.from).toEqual({ kind: 'feed', name: 'Laden', source });
    expect(found.unmapped.map((u) => [u.shopCategory, u.rows])).toEqual([
      ['Damen > Schuhe > Pumps', 2],
      ['Möbel > Stühle', 1],
    ]);
    expect(found.unmapped[0]!.guesses[0]).toMatchObject({ path: 'Mode_Beauty/Schuhe_Damen' });

    const german = await cli(['categories', 'unmapped', '--feed', 'Laden', '--data-dir', dir], {
      LANG: 'de_DE.UTF-8',
    });
    expect(german.code, german.stderr).toBe(0);
    expect(german.stdout).toContain(`2 Shop-Kategorien des Feeds „Laden“ (${source}) sind nicht zugeordnet:`);
    expect(german.stdout).toMatch(/Damen > Schuhe > Pumps\s+Mode_Beauty\/Schuhe_Damen/);

    const unknown = await cli(['categories', 'unmapped', '--feed', 'Lager', '--data-dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no feed "Lager". Feeds: Laden.');
  }, 90_000);
});
