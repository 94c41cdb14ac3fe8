import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, PRODUCT_NAME, systemLocale } from '../../src/main/system/paths';

describe('defaultDataDir', () => {
  const home = os.homedir();

  it("uses XDG_CONFIG_HOME on Linux, else ~/.config, like Electron's userData", () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg/config' }, 'linux')).toBe(
      path.join('/xdg/config', 'Listing Desk'),
    );
    expect(defaultDataDir({}, 'linux')).toBe(path.join(home, '.config', 'Listing Desk'));
  });

  it('treats an empty XDG_CONFIG_HOME or APPDATA as unset rather than making a relative folder', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '' }, 'linux')).toBe(path.join(home, '.config', PRODUCT_NAME));
    expect(defaultDataDir({ APPDATA: '' }, 'win32')).toBe(
      path.join(home, 'AppData', 'Roaming', PRODUCT_NAME),
    );
    expect(path.isAbsolute(defaultDataDir({ XDG_CONFIG_HOME: '' }, 'linux'))).toBe(true);
  });

  it('uses Application Support on macOS, whatever XDG says', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'darwin')).toBe(
      path.join(home, 'Library', 'Application Support', 'Listing Desk'),
    );
  });

  it('uses APPDATA on Windows', () => {
    expect(defaultDataDir({ APPDATA: '/roaming' }, 'win32')).toBe(path.join('/roaming', 'Listing Desk'));
    expect(defaultDataDir({}, 'win32')).toBe(path.join(home, 'AppData', 'Roaming', 'Listing Desk'));
  });
});

describe('systemLocale', () => {
  const intl = Intl.DateTimeFormat().resolvedOptions().locale;

  it.each([
    [{ LANG: 'de_DE.UTF-8' }, 'de-DE'],
    [{ LANG: 'en_GB' }, 'en-GB'],
    [{ LANG: 'pt_BR.utf8' }, 'pt-BR'],
    [{ LANG: 'de' }, 'de'],
    [{ LANG: 'de_DE@euro' }, 'de-DE'],
    [{ LANG: 'de_AT.ISO-8859-15@euro' }, 'de-AT'],
  ])('turns %j into %s', (env, tag) => {
    expect(systemLocale(env)).toBe(tag);
  });

  it('prefers LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(systemLocale({ LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'de_DE', LANG: 'en_US' })).toBe('fr-FR');
    expect(systemLocale({ LC_MESSAGES: 'de_DE', LANG: 'en_US' })).toBe('de-DE');
    expect(systemLocale({ LC_ALL: '', LANG: 'en_US' })).toBe('en-US');
  });

  it.each([[{ LANG: 'C' }], [{ LANG: 'POSIX' }], [{ LANG: 'C.UTF-8' }], [{ LC_ALL: 'C.utf8' }], [{}]])(
    'falls back to the Intl locale for %j',
    (env) => {
      expect(systemLocale(env)).toBe(intl);
    },
  );

  it('returns a tag Intl accepts for every POSIX form above', () => {
    for (const env of [{ LANG: 'de_DE@euro' }, { LANG: 'C.UTF-8' }, { LANG: 'sr_RS.UTF-8@latin' }]) {
      expect(() => new Intl.Locale(systemLocale(env))).not.toThrow();
    }
  });
});
