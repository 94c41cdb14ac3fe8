// The Linux desktop integration: the .desktop entry's words (en and de) and the AppStream
// metadata, whose id and launchable must match the app id and the installed .desktop file.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { loadConfig, matcherOf, root } from './builder-config';
import { parseXml, texts } from './xml';

let config: Configuration;
beforeAll(async () => {
  config = await loadConfig();
});

const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  description: string;
};
const metainfoName = 'app.listingdesk.ListingDesk.metainfo.xml';
const metainfoFile = path.join(root, 'resources', 'linux', metainfoName);
const appstreamcli = spawnSync('appstreamcli', ['--version']).status === 0;

/** Elements directly under the root <component>, by tag. */
function children(doc: Document, tag: string): Element[] {
  return Array.from(doc.documentElement.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).tagName === tag,
  );
}

describe('Linux .desktop entry', () => {
  it('has its name, generic name, comment and keywords in English and German, in the Office menu', () => {
    const entry = config.linux?.desktop?.entry ?? {};
    // Name and the English Comment come from electron-builder (productName, package.json's description).
    expect(config.productName).toBe('Listing Desk');
    expect(packageJson.description).toMatch(/classified ads/);
    expect(entry['Name[de]']).toBe('Listing Desk');
    expect(entry.GenericName).toBeTruthy();
    expect(entry['GenericName[de]']).toBeTruthy();
    expect(entry['Comment[de]']).toMatch(/Kleinanzeigen/);
    expect(entry.Keywords).toMatch(/;$/);
    expect(entry['Keywords[de]']).toMatch(/;$/);
    expect(entry).not.toHaveProperty('Exec');
    expect(config.linux?.category).toBe('Office');
  });
});

describe('AppStream metadata', () => {
  it('is well-formed XML naming the app id, its .desktop launchable, name, summaries and description', () => {
    const doc = parseXml(readFileSync(metainfoFile, 'utf8'));
    expect(doc.documentElement.tagName).toBe('component');
    expect(doc.documentElement.getAttribute('type')).toBe('desktop-application');
    expect(texts(doc, 'id')).toEqual([config.appId]);
    expect(metainfoName).toBe(`${config.appId}.metainfo.xml`);
    const launchable = doc.getElementsByTagName('launchable')[0];
    expect(launchable?.getAttribute('type')).toBe('desktop-id');
    // syncDesktopName names the installed .desktop file after desktopName.
    expect(launchable?.textContent).toBe(config.extraMetadata?.desktopName);
    expect(children(doc, 'name').map((name) => name.textContent)).toEqual([config.productName]);
    const summaries = children(doc, 'summary');
    expect(summaries.map((summary) => summary.getAttribute('xml:lang') || 'en')).toEqual(['en', 'de']);
    expect(children(doc, 'description')[0]?.getElementsByTagName('p').length).toBeGreaterThanOrEqual(2);
    expect(texts(doc, 'metadata_license')).toEqual(['CC0-1.0']);
    expect(texts(doc, 'project_license')[0]).toBeTruthy();
    expect(children(doc, 'content_rating')[0]?.getAttribute('type')).toBe('oars-1.1');
    expect(texts(doc, 'binary')).toEqual([config.executableName]);
  });

  it("lists this version (package.json's) among its releases", () => {
    const doc = parseXml(readFileSync(metainfoFile, 'utf8'));
    const versions = Array.from(doc.getElementsByTagName('release')).map((release) =>
      release.getAttribute('version'),
    );
    expect(versions).toContain(packageJson.version);
  });

  it('is installed to /usr/share/metainfo by the deb and into the AppImage', () => {
    const target = `/usr/share/metainfo/${metainfoName}`;
    expect(config.deb?.fpm).toContain(`resources/linux/${metainfoName}=${target}`);
    expect(config.linux?.extraFiles).toEqual([
      { from: `resources/linux/${metainfoName}`, to: `usr/share/metainfo/${metainfoName}` },
    ]);
    const extra = matcherOf(config, 'extraFiles', config.linux ?? {});
    expect(extra.from).toEqual([metainfoFile]);
  });

  it.runIf(appstreamcli)(
    'passes appstreamcli validate (runs where the appstream package is installed)',
    () => {
      const run = spawnSync('appstreamcli', ['validate', '--no-net', metainfoFile], { encoding: 'utf8' });
      expect(run.stdout + run.stderr).not.toMatch(/^[EW]:/m);
      expect(run.status).toBe(0);
    },
  );
});
