// The `files:` channels and the export's download through the router as each shell meets them
// (issue 26.1). The web shell: no dialogs, a file's bytes handed over and read by the import like a
// path, an export prepared for one download. Electron: its dialogs are the shell's port (the
// binary cannot run here), scripted below, so that where they open and what they offer is checked,
// and that the folder picked is remembered in settings.json across a restart.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportResult } from '../../../src/shared/domain/tables/export';
import type { ImportInspectResult } from '../../../src/shared/domain/tables/import';
import type { FileDialogs } from '../../../src/main/files';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(dataDir?: string, fileDialogs?: FileDialogs): Promise<TempApp> {
  let folder = dataDir;
  if (!folder) {
    const made = tempDir('listing-desk-files-');
    cleanups.push(made.remove);
    folder = made.dir;
  }
  const temp = await createTempApp(folder, fileDialogs ? { fileDialogs } : {});
  cleanups.push(() => temp.app.close());
  return temp;
}

const csv = '\ufeffTitel;Preis\r\nTisch;45\r\nStuhl;20\r\n';

describe('files in the web shell', () => {
  it('says there are no dialogs but downloads, and refuses a dialog in words', async () => {
    const temp = await app();
    expect(await temp.call('files:capabilities')).toEqual({ dialogs: false, downloads: true });
    const refused = await temp.fail('files:choose', { purpose: 'import-file' });
    expect(refused.code).toBe('unavailable');
    expect(refused.message).toMatch(/Dateidialog|file dialog/);
  });

  it('keeps a handed-over file in the data folder, which the import then reads', async () => {
    const temp = await app();
    const { path: kept } = await temp.call<{ path: string }>('files:receive', {
      name: '../../bestand.csv',
      size: Buffer.byteLength(csv),
      base64: Buffer.from(csv).toString('base64'),
    });
    expect(kept.startsWith(path.join(temp.dataDir, 'received') + path.sep)).toBe(true);
    expect(path.basename(kept)).toBe('bestand.csv');
    const inspected = await temp.call<ImportInspectResult>('import:inspect', { path: kept });
    expect(inspected.kind).toBe('csv');
    expect(inspected.rowCount).toBe(2);

    // A file the page found too large to send is refused with its name, not taken in part.
    const big = await temp.fail('files:receive', {
      name: 'riesig.csv',
      size: 60 * 1024 * 1024,
      base64: null,
    });
    expect(big.code).toBe('invalid-input');
    expect(big.details).toEqual({ reason: 'too-large' });
    expect(big.message).toContain('riesig.csv');
  });

  it('prepares an export for one download, and wants a path or a download, not both', async () => {
    const folder = tempDir('listing-desk-files-');
    cleanups.push(folder.remove);
    writeDraft(folder.dir, readyDraft(folder.dir, 1, { title: 'Sofa' }));
    const temp = await app(folder.dir);
    const result = await temp.call<ExportResult>('export:drafts', { download: true, format: 'csv' });
    expect(result.rows).toBe(1);
    expect(result.download?.name).toMatch(/^Listing Desk (drafts|Entwürfe) \d{4}-\d{2}-\d{2}\.csv$/);
    const served = temp.app.download.take(result.download!.url);
    expect(readFileSync(served!.file, 'utf8')).toContain('Sofa');
    expect(temp.app.download.take(result.download!.url)).toBeUndefined();

    const both = await temp.fail('export:drafts', { download: true, path: '/tmp/x.csv', format: 'csv' });
    expect(both.code).toBe('invalid-input');
    expect((await temp.fail('export:listings', { format: 'csv' })).code).toBe('invalid-input');
  });
});

describe('files in Electron (its dialogs scripted at the port)', () => {
  type Asked = { kind: 'open' | 'save'; defaultPath: string; extensions: string[][]; folder?: boolean };

  function scriptedDialogs(answers: (string | undefined)[]) {
    const asked: Asked[] = [];
    const dialogs: FileDialogs = {
      async open({ defaultPath, filters, folder }) {
        asked.push({ kind: 'open', defaultPath, extensions: filters.map((f) => f.extensions), folder });
        return answers.shift();
      },
      async save({ defaultPath, filters }) {
        asked.push({ kind: 'save', defaultPath, extensions: filters.map((f) => f.extensions) });
        return answers.shift();
      },
    };
    return { asked, dialogs };
  }

  it('opens where the seller last picked, per purpose, and remembers it across a restart', async () => {
    const folder = tempDir('listing-desk-files-');
    cleanups.push(folder.remove);
    const stock = path.join(folder.dir, 'lager', 'bestand.csv');
    const { asked, dialogs } = scriptedDialogs([stock, undefined, '/srv/fotos']);
    const first = await app(folder.dir, dialogs);
    // The test app is the web shell's back end (downloads) given a dialogs port as Electron's is.
    expect(await first.call('files:capabilities')).toEqual({ dialogs: true, downloads: true });

    expect(await first.call('files:choose', { purpose: 'import-file' })).toEqual({ path: stock });
    expect(asked[0]).toMatchObject({ kind: 'open', defaultPath: os.homedir(), folder: false });
    expect(asked[0]!.extensions[0]).toEqual(['csv', 'tsv', 'txt', 'xlsx', 'yaml', 'yml', 'json']);
    // Cancelled: nothing chosen, nothing forgotten.
    expect(await first.call('files:choose', { purpose: 'import-file' })).toEqual({ path: null });
    expect(asked[1]!.defaultPath).toBe(path.dirname(stock));
    // Another purpose has its own folder.
    expect(await first.call('files:choose', { purpose: 'photo-folder' })).toEqual({ path: '/srv/fotos' });
    expect(asked[2]).toMatchObject({ defaultPath: os.homedir(), folder: true, extensions: [] });
    await first.app.close();

    const again = scriptedDialogs([undefined, undefined]);
    const second = await createTempApp(folder.dir, { fileDialogs: again.dialogs });
    cleanups.push(() => second.app.close());
    await second.call('files:choose', { purpose: 'import-file' });
    await second.call('files:choose', { purpose: 'photo-folder' });
    expect(again.asked.map((a) => a.defaultPath)).toEqual([path.dirname(stock), '/srv/fotos']);
  });

  it('saves an export where the last one went, offering only its format', async () => {
    const folder = tempDir('listing-desk-files-');
    const out = tempDir('listing-desk-files-out-');
    cleanups.push(folder.remove, out.remove);
    writeDraft(folder.dir, readyDraft(folder.dir, 1, { title: 'Sofa' }));
    const { asked, dialogs } = scriptedDialogs([undefined]);
    const temp = await app(folder.dir, dialogs);

    const { path: suggested } = await temp.call<{ path: string }>('export:default-path', {
      kind: 'drafts',
      format: 'xlsx',
    });
    expect(path.dirname(suggested)).toBe(os.homedir());
    // A typed path that was written is where the next export starts.
    const typed = path.join(out.dir, 'mein-export.xlsx');
    await temp.call('export:drafts', { path: typed, format: 'xlsx' });
    const next = await temp.call<{ path: string }>('export:default-path', { kind: 'drafts', format: 'csv' });
    expect(path.dirname(next.path)).toBe(out.dir);
    expect(await temp.call('files:choose-export', { kind: 'drafts', format: 'csv' })).toEqual({ path: null });
    expect(asked[0]).toMatchObject({ kind: 'save', defaultPath: next.path, extensions: [['csv']] });
  });
});
