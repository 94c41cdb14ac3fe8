// The contract's channels of picking files (issue 26.1): what the shell offers, the system's open
// and save dialogs (Electron), and a file the page hands over (the web shell has no dialog of main's).
import { z } from 'zod';
import { exportFormatSchema, exportKinds, openPurposes } from '../domain/tables';
import { channel, noInput } from './channel';
import { photoBytesSchema } from './input-schemas';

/** What the shell offers: main's own dialogs (Electron), or downloads served to the page (web shell). */
export interface FileCapabilities {
  /** files:choose and files:choose-export open the system's dialogs. */
  dialogs: boolean;
  /** An export may be asked for as a download (`download: true`) that the page then fetches. */
  downloads: boolean;
}

export const filesChannels = {
  /** What this shell offers for picking and saving files. */
  'files:capabilities': channel<FileCapabilities>()(noInput),
  /** The system's open dialog for the purpose, at its remembered folder; null when cancelled. */
  'files:choose': channel<{ path: string | null }>()(z.object({ purpose: z.enum(openPurposes) }).strict()),
  /** The system's save dialog for an export, with main's file name in the remembered folder. */
  'files:choose-export': channel<{ path: string | null }>()(
    z.object({ kind: z.enum(exportKinds), format: exportFormatSchema }).strict(),
  ),
  /**
   * A file the seller chose or dropped in the page (web shell), kept in the data folder; answers the
   * path an import then reads like any other. Bytes as for photos: one piece or an upload's pieces.
   */
  'files:receive': channel<{ path: string }>()(photoBytesSchema({})),
};
