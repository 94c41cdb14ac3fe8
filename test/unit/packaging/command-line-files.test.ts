// Where the installed app's command line is (issue 25.7), as electron-builder itself names the files
// from electron-builder.yml: the README's paths for each system, and the Windows script that waits
// for the windowed listing-desk.exe, packed into bin\ beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { AppInfo } from 'app-builder-lib/out/appInfo';
import { getWindowsInstallationDirName } from 'app-builder-lib/out/targets/targetUtil';
import { loadConfig, matcherOf, root } from './builder-config';

let config: Configuration;
const metadata = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const SHIM = 'resources/win/listing-desk.cmd';

/** electron-builder's names for one platform's build (its options block, e.g. config.mac). */
const appInfo = (platform: Configuration['mac'] | Configuration['win']) =>
  new AppInfo(
    { config, metadata } as unknown as ConstructorParameters<typeof AppInfo>[0],
    undefined,
    platform ?? null,
  );

beforeAll(async () => {
  config = await loadConfig();
});

describe('the installed command line', () => {
  it('is "Listing Desk.app/Contents/MacOS/Listing Desk" on macOS, as the README says', () => {
    expect(appInfo(config.mac).productFilename).toBe('Listing Desk');
    expect(readme).toContain('"/Applications/Listing Desk.app/Contents/MacOS/Listing Desk" status');
  });

  it('is listing-desk on Linux (deb: /usr/bin/listing-desk) and listing-desk.exe on Windows', () => {
    expect(config.linux?.executableName ?? config.executableName).toBe('listing-desk');
    expect(readme).toContain('/opt/Listing Desk/listing-desk');
    const windows = appInfo(config.win);
    expect(windows.productFilename).toBe('listing-desk');
    // The assisted per-user installer's default folder: %LOCALAPPDATA%\Programs\<this name>.
    expect(getWindowsInstallationDirName(windows, true)).toBe('listing-desk');
    expect(readme).toContain('%LOCALAPPDATA%\\Programs\\listing-desk\\bin\\listing-desk.cmd');
  });

  it('on Windows, packs the script that waits for listing-desk.exe into bin\\', () => {
    expect(config.win?.extraFiles).toEqual([{ from: SHIM, to: 'bin/listing-desk.cmd' }]);
    expect(matcherOf(config, 'extraFiles', config.win ?? undefined).matches(SHIM)).toBe(true);
    const script = readFileSync(path.join(root, SHIM), 'utf8');
    // cmd.exe reads batch files line by line with CRLF (.gitattributes keeps them).
    expect(
      script
        .split('\r\n')
        .slice(0, -1)
        .every((line) => !line.includes('\n')),
    ).toBe(true);
    const lines = script.split('\r\n').filter((line) => line !== '' && !line.startsWith('rem '));
    expect(lines).toEqual([
      '@echo off',
      `"%~dp0..\\${appInfo(config.win).productFilename}.exe" %*`,
      'exit /b %ERRORLEVEL%',
    ]);
  });
});
