// Picking and handing over files (issue 26.1), put together for the composition root: the dialogs
// (Electron), files the page sends (web shell), exports served as downloads (web shell). The
// `files:` and `export:` handlers are built over these in ipc/, which calls this room, not the
// other way round.
import os from 'node:os';
import type { SettingsService } from '../storage/settings';
import { openDownloads, type Downloads } from './downloads';
import { createFilePicker, type FileDialogs, type FilePicker } from './file-picker';
import { openReceivedFiles, type ReceivedFiles } from './received-files';

export type { FileDialogs };

export interface Files {
  picker: FilePicker;
  /** Files the page sent (web shell). */
  received: ReceivedFiles;
  /** Exports waiting to be fetched (web shell only). */
  downloads: Downloads | undefined;
  close(): Promise<void>;
}

/** The files part of the app; `serveDownloads` where the shell serves exports to the page. */
export async function openFiles(deps: {
  dataDir: string;
  dialogs?: FileDialogs | undefined;
  serveDownloads: boolean;
  settings: Pick<SettingsService, 'folder' | 'remember'>;
}): Promise<Files> {
  const { settings } = deps;
  const picker = createFilePicker({
    dialogs: deps.dialogs,
    memory: { folder: (p) => settings.folder(p), remember: (p, folder) => settings.remember(p, folder) },
    home: os.homedir(),
  });
  const received = await openReceivedFiles(deps.dataDir);
  const downloads = deps.serveDownloads ? await openDownloads(deps.dataDir) : undefined;
  return {
    picker,
    received,
    downloads,
    async close() {
      await Promise.all([received.close(), downloads?.close()]);
    },
  };
}
