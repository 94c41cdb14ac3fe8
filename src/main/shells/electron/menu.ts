// The standard application menu, with "About Listing Desk" leading to the About panel.
import type { MenuItemConstructorOptions } from 'electron';

/** The menu template; `showAbout` opens the About panel. */
export function menuTemplate(
  platform: NodeJS.Platform,
  showAbout: () => void,
  dev: boolean,
): MenuItemConstructorOptions[] {
  const about: MenuItemConstructorOptions = { label: 'About Listing Desk', click: showAbout };
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(dev ? [{ role: 'toggleDevTools' } as const] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(platform === 'darwin'
      ? [
          {
            label: 'Listing Desk',
            submenu: [
              about,
              { type: 'separator' },
              { role: 'services' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: platform === 'darwin' ? [] : [about] },
  ];
}
