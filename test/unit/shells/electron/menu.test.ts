import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../../src/main/shells/electron/menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}
const about = (items: MenuItemConstructorOptions[]) =>
  flatten(items).filter((item) => item.label === 'About Listing Desk');
const roles = (items: MenuItemConstructorOptions[]) =>
  flatten(items)
    .map((item) => item.role)
    .filter(Boolean);

describe('menuTemplate', () => {
  it.each(['linux', 'win32', 'darwin'] as const)(
    'has exactly one About item on %s, and it opens the About panel',
    (platform) => {
      const showAbout = vi.fn();
      const items = about(menuTemplate(platform, showAbout, false));
      expect(items).toHaveLength(1);
      expect(showAbout).not.toHaveBeenCalled();
      (items[0]!.click as () => void)();
      expect(showAbout).toHaveBeenCalledTimes(1);
    },
  );

  it('puts About under Help outside macOS, with no app menu', () => {
    const template = menuTemplate('linux', () => {}, false);
    expect(template.map((item) => item.label ?? item.role)).toEqual([
      'fileMenu',
      'editMenu',
      'View',
      'windowMenu',
      'help',
    ]);
    const help = template.find((item) => item.role === 'help')!;
    expect((help.submenu as MenuItemConstructorOptions[])[0]!.label).toBe('About Listing Desk');
  });

  it('puts About and Quit in the app menu on macOS', () => {
    const template = menuTemplate('darwin', () => {}, false);
    const appMenu = template[0]!;
    expect(appMenu.label).toBe('Listing Desk');
    const submenu = appMenu.submenu as MenuItemConstructorOptions[];
    expect(submenu[0]!.label).toBe('About Listing Desk');
    expect(submenu.map((item) => item.role)).toContain('quit');
    expect(template.find((item) => item.role === 'help')!.submenu).toEqual([]);
  });

  it('offers the developer tools only in development', () => {
    expect(roles(menuTemplate('linux', () => {}, false))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('darwin', () => {}, false))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('linux', () => {}, true))).toContain('toggleDevTools');
  });
});
