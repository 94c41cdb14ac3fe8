// The pure rules of picking files (issue 26.1): what a dialog offers and which folder is kept.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindOfFile } from '../../../src/main/import/source';
import {
  catalogFilters,
  exportFilters,
  folderToRemember,
  importAccept,
  importExtensions,
  importFilters,
  startFolder,
} from '../../../src/shared/domain/tables/file-picks';

const words = { importable: 'I', table: 'T', workbook: 'W', adFile: 'A', catalog: 'C', all: '*' };

describe('file picks', () => {
  it('offers exactly the files the import reads, first all of them together', () => {
    const offered = Object.values(importExtensions).flat();
    // Every offered extension is one the import reads (else the seller picks a file it refuses).
    for (const ext of offered) expect(kindOfFile(`stock.${ext}`), ext).not.toBeNull();
    const filters = importFilters(words);
    expect(filters[0]).toEqual({ name: 'I', extensions: offered });
    expect(filters.map((f) => f.name)).toEqual(['I', 'T', 'W', 'A', '*']);
    expect(importAccept.split(',')).toEqual(offered.map((ext) => `.${ext}`));
  });

  it('offers only the chosen format when saving an export', () => {
    expect(exportFilters('csv', words)).toEqual([{ name: 'T', extensions: ['csv'] }]);
    expect(exportFilters('xlsx', words)).toEqual([{ name: 'W', extensions: ['xlsx'] }]);
  });

  it('offers JSON files for a catalog, then all files', () => {
    expect(catalogFilters(words)).toEqual([
      { name: 'C', extensions: ['json'] },
      { name: '*', extensions: ['*'] },
    ]);
  });

  it('opens at the remembered folder, else at the fallback', () => {
    expect(startFolder(undefined, '/home/anna')).toBe('/home/anna');
    expect(startFolder('  ', '/home/anna')).toBe('/home/anna');
    expect(startFolder('/srv/stock', '/home/anna')).toBe('/srv/stock');
  });

  it('remembers a picked folder itself and a picked file by its folder', () => {
    expect(folderToRemember('import-file', '/srv/stock/a.csv', path.posix.dirname)).toBe('/srv/stock');
    expect(folderToRemember('export', '/srv/out/b.xlsx', path.posix.dirname)).toBe('/srv/out');
    expect(folderToRemember('catalog-file', '/srv/cat/c.json', path.posix.dirname)).toBe('/srv/cat');
    expect(folderToRemember('import-folder', '/srv/ads', path.posix.dirname)).toBe('/srv/ads');
    expect(folderToRemember('photo-folder', '/srv/fotos', path.posix.dirname)).toBe('/srv/fotos');
  });
});
