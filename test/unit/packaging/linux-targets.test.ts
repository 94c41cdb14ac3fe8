// electron-builder's own Linux targets (AppImage, deb) run on electron-builder.yml as far as the
// point where they would start their tools (mksquashfs, fpm): the .desktop entries and the deb's
// file list as electron-builder writes them. No Electron binary is needed: the app folder is given
// as already packed (`prepackaged`), and electron-builder's effectiveOptionComputed hook stops each
// target before its tool runs, so nothing is downloaded or built.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Arch, build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, root } from './builder-config';
import { ELECTRON_HEAP_FLAGS } from '../../../scripts/lib/heap-flags.mjs';

const scratch = mkdtempSync(path.join(tmpdir(), 'listing-desk-targets-'));
const prepackaged = path.join(scratch, 'linux-unpacked');
const buildResources = path.join(scratch, 'build');
const output = path.join(scratch, 'dist');
let appImageDesktop = '';
let debDesktop = '';
let debArgs: string[] = [];

/** A .desktop file's [Desktop Entry] as key → value. */
function entries(desktop: string): Record<string, string> {
  const lines = desktop.split('\n').filter((line) => line.includes('='));
  return Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

beforeAll(async () => {
  mkdirSync(path.join(prepackaged, 'resources'), { recursive: true });
  execFileSync(process.execPath, [path.join(root, 'scripts', 'icons.mjs'), '--out', buildResources], {
    timeout: 60_000,
  });
  const config = await loadConfig();
  await build({
    projectDir: root,
    config: {
      ...config,
      directories: { buildResources, output },
      linux: { ...config.linux, icon: path.join(buildResources, 'icons') },
    },
    targets: Platform.LINUX.createTarget(['AppImage', 'deb'], Arch.x64),
    prepackaged,
    publish: 'never',
    effectiveOptionComputed: async (computed: unknown) => {
      if (Array.isArray(computed)) {
        // deb: [fpm arguments, path of the .desktop file it installs]
        debArgs = computed[0] as string[];
        debDesktop = readFileSync(computed[1] as string, 'utf8');
      } else {
        appImageDesktop = (computed as { desktop: string }).desktop;
      }
      return true;
    },
  });
}, 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('electron-builder Linux targets', () => {
  it('write a menu entry named in English and German, in Office, tied to the window by its class', () => {
    for (const desktop of [debDesktop, appImageDesktop]) {
      expect(entries(desktop)).toMatchObject({
        Name: 'Listing Desk',
        'Name[de]': 'Listing Desk',
        GenericName: 'Classified ads manager',
        'GenericName[de]': 'Kleinanzeigen-Verwaltung',
        Comment: 'Prepare, publish and track classified ads on the consumer-goods listing service.',
        'Comment[de]': 'Kleinanzeigen vorbereiten, veröffentlichen und verfolgen',
        Categories: 'Office;',
        Icon: 'listing-desk',
        StartupWMClass: 'app.listingdesk.ListingDesk',
        Type: 'Application',
      });
      expect(entries(desktop).Keywords).toContain('classified');
      expect(entries(desktop)['Keywords[de]']).toContain('Kleinanzeigen');
    }
  });

  it('start the installed app by its executable, and the AppImage without turning off the sandbox', () => {
    // With the main process's V8 flags (scripts/lib/heap-flags.mjs), and nothing else.
    const flags = ELECTRON_HEAP_FLAGS.join(' ');
    expect(entries(debDesktop).Exec).toBe(`"/opt/Listing Desk/listing-desk" ${flags} %U`);
    expect(entries(appImageDesktop).Exec).toBe(`AppRun ${flags} %U`);
  });

  it('put the .desktop file, the icon set and the AppStream metadata where the desktop looks', () => {
    const installed = debArgs.filter((arg) => arg.includes('=/usr/share/')).map((arg) => arg.split('=')[1]);
    expect(installed).toContain('/usr/share/applications/app.listingdesk.ListingDesk.desktop');
    expect(installed).toContain('/usr/share/metainfo/app.listingdesk.ListingDesk.metainfo.xml');
    for (const size of [16, 32, 48, 128, 256, 512]) {
      expect(installed).toContain(`/usr/share/icons/hicolor/${size}x${size}/apps/listing-desk.png`);
    }
    expect(debArgs).toContain(`${prepackaged}/=/opt/Listing Desk`);
  });

  it('give the deb its package name, maintainer and homepage', () => {
    const option = (name: string) => debArgs[debArgs.indexOf(name) + 1];
    expect(option('--name')).toBe('listing-desk');
    expect(option('--maintainer')).toMatch(/^Listing Desk <.+@.+>$/);
    expect(option('--url')).toMatch(/^https:\/\//);
  });
});
