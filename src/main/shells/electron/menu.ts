// The application menu, in the app's language, with "About Listing Desk" leading to the About panel.
// Every item carries our label: Electron's own role labels are English on Linux and Windows.
import type { MenuItemConstructorOptions } from 'electron';

/** The menu's words by key (the `menu` namespace of main's i18n). */
export type MenuWords = (key: string) => string;

/** The menu template in the words of `t`; `showAbout` opens the About panel. */
export function menuTemplate(
  platform: NodeJS.Platform,
  showAbout: () => void,
  dev: boolean,
  t: MenuWords,
): MenuItemConstructorOptions[] {
  type Role = NonNullable<MenuItemConstructorOptions['role']>;
  const item = (role: Role): MenuItemConstructorOptions => ({ role, label: t(role) });
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const mac = platform === 'darwin';
  const about: MenuItemConstructorOptions = { label: t('about'), click: showAbout };
  const view: MenuItemConstructorOptions[] = [
    item('reload'),
    ...(dev ? [item('toggleDevTools')] : []),
    separator,
    item('resetZoom'),
    item('zoomIn'),
    item('zoomOut'),
    separator,
    item('togglefullscreen'),
  ];
  return [
    ...(mac
      ? [
          {
            label: t('appName'),
            submenu: [
              about,
              separator,
              item('services'),
              separator,
              item('hide'),
              item('hideOthers'),
              item('unhide'),
              separator,
              item('quit'),
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { role: 'fileMenu', label: t('file'), submenu: [mac ? item('close') : item('quit')] },
    {
      role: 'editMenu',
      label: t('edit'),
      submenu: [
        item('undo'),
        item('redo'),
        separator,
        item('cut'),
        item('copy'),
        item('paste'),
        item('selectAll'),
      ],
    },
    { label: t('view'), submenu: view },
    {
      // The window role (not windowMenu, whose submenu is Electron's, in English) keeps macOS's
      // list of open windows in it.
      role: 'window',
      label: t('window'),
      submenu: mac
        ? [item('minimize'), item('zoom'), separator, item('front')]
        : [item('minimize'), item('close')],
    },
    { role: 'help', label: t('help'), submenu: mac ? [] : [about] },
  ];
}
