// A file the seller chose or dropped in the page, handed to main (issue 26.1).
import { call } from '../../ipc/client';
import { photoBytesOf } from '../../ipc/photo-bytes';

/**
 * A path main can read for `file`: its own in Electron, else a copy main keeps after receiving
 * its bytes (web shell). Throws UnreadableFileError or IpcError.
 */
export async function pathOfPicked(file: File): Promise<string> {
  const own = window.api?.pathForFile?.(file);
  if (own) return own;
  const bytes = await photoBytesOf(file, call);
  const { path } = await call('files:receive', { name: file.name, size: file.size, ...bytes });
  return path;
}
