// Whether a module is the script Node was started with: the command line's entry is also imported
// by the packaged app's main process, which must not start a second run by importing it.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when `moduleUrl` (import.meta.url) is the file `script` (process.argv[1]) names. */
export function isEntryPoint(moduleUrl: string, script: string | undefined): boolean {
  if (script === undefined || !moduleUrl.startsWith('file:')) return false;
  try {
    // Symbolic links (a temporary folder, a linked checkout) name one file in two ways.
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(script);
  } catch {
    // The packaged app's argv[1] is a command word, not a file.
    return false;
  }
}
