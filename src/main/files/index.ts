// Picking and handing over files (issue 26.1), put together for the composition root: the dialogs
// (Electron), files the page sends (web shell), exports served as downloads (web shell).
import os from 'node:os';
import type { ExportService } from '../export/export-service';
import { exportHandlers } from '../ipc/handlers/export';
import { filesHandlers } from '../ipc/handlers/files';
import type { Handlers } from '../ipc/router';
import type { SettingsService } from '../storage/settings';
import type { PhotoUploads } from '../uploads/photo-uploads';
import { openDownloads, type Downloads } from './downloads';
import { createFilePicker, type FileDialogs } from './file-picker';
import { openReceivedFiles } from './received-files';

export type { FileDialogs };

export interface Files {
  handlers: Pick<Handlers, Extract<keyof Handlers, `files:${string}` | `export:${string}`>>;
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
  exports: ExportService;
  uploads: PhotoUploads;
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
    handlers: {
      ...filesHandlers({
        picker,
        received,
        uploads: deps.uploads,
        exports: deps.exports,
        downloads: downloads !== undefined,
      }),
      ...exportHandlers(deps.exports, { picker, downloads }),
    },
    downloads,
    async close() {
      await Promise.all([received.close(), downloads?.close()]);
    },
  };
}
