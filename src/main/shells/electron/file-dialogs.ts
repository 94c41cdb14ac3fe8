// The system's open and save dialogs for the `files:` channels (issue 26.1), over the main window
// when there is one. What they offer and where they open is decided in src/main/files.
import { dialog, type BrowserWindow } from 'electron';
import type { FileDialogs } from '../../files';

/** Electron's dialogs, modal to the window `parent()` answers (none: a free-standing dialog). */
export function electronFileDialogs(parent: () => BrowserWindow | null): FileDialogs {
  return {
    async open({ title, defaultPath, filters, folder }) {
      const options: Electron.OpenDialogOptions = {
        title,
        defaultPath,
        filters,
        properties: folder ? ['openDirectory'] : ['openFile'],
      };
      const window = parent();
      const chosen = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return chosen.canceled ? undefined : chosen.filePaths[0];
    },
    async save({ title, defaultPath, filters }) {
      const options: Electron.SaveDialogOptions = { title, defaultPath, filters };
      const window = parent();
      const chosen = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options);
      return chosen.canceled || !chosen.filePath ? undefined : chosen.filePath;
    },
  };
}
