import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../../src/main/shells/electron/menu';
import { createEventHub } from '../../../../src/main/events/event-hub';
import { createMainI18n, mainResources, wordsIn } from '../../../../src/main/i18n';
import { followAppLanguage } from '../../../../src/main/i18n/follow-language';
import type { UiLanguage } from '../../../../src/shared/i18n-language';
import type { Settings } from '../../../../src/shared/ipc/types';

const en = wordsIn('en', 'menu');
const de = wordsIn('de', 'menu');

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}
const about = (items: MenuItemConstructorOptions[], label = 'About Listing Desk') =>
  flatten(items).filter((item) => item.label === label);
const roles = (items: MenuItemConstructorOptions[]) =>
  flatten(items)
    .map((item) => item.role)
    .filter(Boolean);
const topLabels = (items: MenuItemConstructorOptions[]) => items.map((item) => item.label);

describe('menuTemplate', () => {
  it.each(['linux', 'win32', 'darwin'] as const)(
    'has exactly one About item on %s, and it opens the About panel',
    (platform) => {
      const showAbout = vi.fn();
      const items = about(menuTemplate(platform, showAbout, false, en));
      expect(items).toHaveLength(1);
      expect(showAbout).not.toHaveBeenCalled();
      (items[0]!.click as () => void)();
      expect(showAbout).toHaveBeenCalledTimes(1);
    },
  );

  it('puts About under Help outside macOS, with no app menu', () => {
    const template = menuTemplate('linux', () => {}, false, en);
    expect(topLabels(template)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const help = template.find((item) => item.role === 'help')!;
    expect((help.submenu as MenuItemConstructorOptions[])[0]!.label).toBe('About Listing Desk');
  });

  it('says everything in German in German', () => {
    const template = menuTemplate('win32', () => {}, true, de);
    expect(topLabels(template)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
    expect(about(template, 'Über Listing Desk')).toHaveLength(1);
    const view = template.find((item) => item.label === 'Ansicht')!.submenu as MenuItemConstructorOptions[];
    expect(view.map((item) => item.label).filter(Boolean)).toEqual([
      'Neu laden',
      'Entwicklerwerkzeuge ein/aus',
      'Originalgröße',
      'Vergrößern',
      'Verkleinern',
      'Vollbild ein/aus',
    ]);
  });

  it.each(['linux', 'win32', 'darwin'] as const)(
    'labels every item on %s from the locale files, in both languages',
    (platform) => {
      for (const [language, t] of [
        ['en', en],
        ['de', de],
      ] as const) {
        const words = new Set(Object.values(mainResources[language].menu));
        const items = flatten(menuTemplate(platform, () => {}, true, t)).filter(
          (item) => item.type !== 'separator',
        );
        expect(items.length).toBeGreaterThan(15);
        // A missing key would show as the key itself ("togglefullscreen"), a role's label in English.
        expect(items.filter((item) => !words.has(item.label ?? ''))).toEqual([]);
      }
    },
  );

  it('puts About and Quit in the app menu on macOS', () => {
    const template = menuTemplate('darwin', () => {}, false, en);
    const appMenu = template[0]!;
    expect(appMenu.label).toBe('Listing Desk');
    const submenu = appMenu.submenu as MenuItemConstructorOptions[];
    expect(submenu[0]!.label).toBe('About Listing Desk');
    expect(submenu.map((item) => item.role)).toContain('quit');
    expect(template.find((item) => item.role === 'help')!.submenu).toEqual([]);
  });

  it('offers the developer tools only in development', () => {
    expect(roles(menuTemplate('linux', () => {}, false, en))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('darwin', () => {}, false, en))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('linux', () => {}, true, en))).toContain('toggleDevTools');
  });

  it('is rebuilt in the new language when the seller changes it', async () => {
    const events = createEventHub();
    let language: UiLanguage = 'en';
    const i18n = createMainI18n('de');
    const built: string[][] = [];
    const stop = await followAppLanguage({ events, language: () => language }, i18n, () =>
      built.push(topLabels(menuTemplate('linux', () => {}, false, i18n.getFixedT(null, 'menu'))) as string[]),
    );
    expect(built).toEqual([['File', 'Edit', 'View', 'Window', 'Help']]);
    language = 'de';
    const settings: Settings = {
      language: 'de',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 2,
      publishUploads: 4,
    };
    events.emit('settings:changed', settings);
    await vi.waitFor(() => expect(built).toHaveLength(2), { timeout: 10_000 });
    expect(built[1]).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
    // Another setting changed: the same language, no rebuild.
    events.emit('settings:changed', { ...settings, photoMaxEdge: 1600 });
    events.emit('drafts:changed', { ids: [] });
    stop();
    language = 'en';
    events.emit('settings:changed', { ...settings, language: 'en' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(built).toHaveLength(2);
  });
});
