// electron-builder.yml: valid for electron-builder 26, every installer named, fuses set, the native
// modules unpacked (checked on the real files under node_modules), only run-time files packed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { parse, stringify } from 'yaml';
import { APP_ID } from '../../../src/main/shells/electron/app-id';
import { configFile, loadConfig, matcherOf, nodeModulesMatcher, root, validate } from './builder-config';
import { parseXml, texts } from './xml';

let config: Configuration;
const scratch = mkdtempSync(path.join(tmpdir(), 'listing-desk-builder-'));

beforeAll(async () => {
  config = await loadConfig();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file under a folder of node_modules (relative to the project), [] when it is absent. */
function filesUnder(relativeDir: string): string[] {
  const dir = path.join(root, relativeDir);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const relative = path.join(relativeDir, name);
    return statSync(path.join(root, relative)).isDirectory() ? filesUnder(relative) : [relative];
  });
}

const NATIVE = /\.(node|so(\.\d+)*|dylib|dll)$/;

describe('electron-builder.yml', () => {
  // Compiling electron-builder's schema takes seconds on a slow machine.
  it(
    'is YAML that electron-builder 26 loads and validates against its own schema',
    { timeout: 90_000 },
    async () => {
      expect(parse(readFileSync(configFile, 'utf8'))).toMatchObject({ appId: config.appId });
      await expect(validate(config)).resolves.toBeUndefined();
    },
  );

  it(
    'would be refused by the same check with a misspelt option (the check is real)',
    { timeout: 90_000 },
    async () => {
      const broken = path.join(scratch, 'broken.yml');
      const raw = parse(readFileSync(configFile, 'utf8'));
      writeFileSync(broken, stringify({ ...raw, nsis: { ...raw.nsis, oneClik: false } }));
      await expect(validate(await loadConfig(broken))).rejects.toThrow(
        /Invalid configuration object[\s\S]*configuration\.nsis/,
      );
    },
  );

  it('names the app, its executable and where things go', () => {
    expect(config).toMatchObject({
      appId: 'app.listingdesk.ListingDesk',
      productName: 'Listing Desk',
      executableName: 'listing-desk',
      directories: { buildResources: 'build', output: 'dist' },
      asar: true,
      npmRebuild: false,
      electronDist: 'node_modules/electron/dist',
      publish: null,
    });
    expect(config.copyright).toMatch(/Listing Desk/);
    // The running app takes the same id (Windows: the shortcut's AppUserModelID, for notifications).
    expect(APP_ID).toBe(config.appId);
    // Electron's Linux window name, the .desktop file and the AppStream id are one name.
    expect(config.extraMetadata).toMatchObject({ desktopName: `${config.appId}.desktop` });
    expect(config.linux?.syncDesktopName).toBe(true);
  });

  it('names every installer: AppImage and deb, NSIS, dmg', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
    });
    expect(config.mac).toMatchObject({ category: 'public.app-category.business', hardenedRuntime: true });
  });

  it('sets the fuses: no run-as-node, NODE_OPTIONS or --inspect; cookies encrypted; only the checked archive', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('makes the deb depend on libsecret (the keychain) besides what Electron needs', () => {
    const depends = config.deb?.depends ?? [];
    expect(depends).toContain('libsecret-1-0');
    expect(depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libnotify4', 'xdg-utils']));
  });

  it('gives the mac build entitlements that parse and grant only the JIT', () => {
    expect(config.mac?.entitlementsInherit).toBe(config.mac?.entitlements);
    const file = path.join(root, String(config.mac?.entitlements));
    const doc = parseXml(readFileSync(file, 'utf8'));
    expect(texts(doc, 'key')).toEqual(['com.apple.security.cs.allow-jit']);
    expect(doc.getElementsByTagName('true')).toHaveLength(1);
    expect(doc.getElementsByTagName('false')).toHaveLength(0);
  });

  it('packs the built app and the window icon, never the sources, tests or source maps', () => {
    const files = matcherOf(config, 'files');
    for (const built of [
      'out/main/index.js',
      'out/main/web.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
    ]) {
      expect(files.matches(built), built).toBe(true);
    }
    expect(files.matches('resources/icon.png')).toBe(true);
    expect(files.matches('package.json')).toBe(true);
    for (const left of ['src/main/app.ts', 'resources/icon.svg', 'README.md', 'electron-builder.yml']) {
      expect(files.matches(left), left).toBe(false);
    }
    const maps = filesUnder('out').filter((file) => file.endsWith('.map'));
    for (const map of maps) expect(files.matches(map), map).toBe(false);
  });

  it("unpacks every native file of keytar and sharp found under node_modules (and nothing else's)", () => {
    const unpack = matcherOf(config, 'asarUnpack');
    const packed = nodeModulesMatcher(config);
    const native = ['node_modules/keytar', 'node_modules/sharp', 'node_modules/@img']
      .flatMap(filesUnder)
      .filter((file) => NATIVE.test(file))
      // keytar's intermediate build output is not packed at all
      .filter((file) => !file.includes(`${path.sep}obj.target${path.sep}`));
    expect(native.some((file) => file.startsWith(path.join('node_modules', 'keytar')))).toBe(true);
    expect(native.some((file) => /sharp-[^/\\]+\.node$/.test(file))).toBe(true);
    expect(native.some((file) => /libvips/.test(file))).toBe(true);
    for (const file of native) expect(unpack.matches(file), file).toBe(true);
    expect(unpack.matches('node_modules/zod/package.json')).toBe(false);
    expect(unpack.matches('out/main/index.js')).toBe(false);
    // What is unpacked must be packed in the first place; keytar's build leftovers are not.
    for (const file of native) expect(packed(file), file).toBe(true);
    const objTarget = filesUnder('node_modules/keytar/build/Release/obj.target');
    // make (Linux, macOS) leaves them there; MSBuild on Windows keeps its own under obj/.
    if (process.platform !== 'win32') expect(objTarget.length).toBeGreaterThan(0);
    for (const file of objTarget) expect(packed(file), file).toBe(false);
  });
});
