// Where the app keeps its data when no folder is given: the same folder Electron's `userData`
// uses, so both shells see the same drafts and accounts.
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Listing Desk';

/** The platform's per-user data folder for the app. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  // An empty variable counts as unset (as Electron treats it), else the folder would be relative.
  if (platform === 'win32')
    return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), PRODUCT_NAME);
}

/** The system locale as a BCP 47 tag, from the POSIX variables first (they are what the seller set). */
export function systemLocale(env: NodeJS.ProcessEnv = process.env): string {
  const posix = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  // language[_territory][.codeset][@modifier]: C.UTF-8 is still C, and de_DE@euro is de-DE.
  const tag = posix?.split(/[.@]/)[0]?.replace('_', '-');
  if (tag && tag !== 'C' && tag !== 'POSIX') return tag;
  return Intl.DateTimeFormat().resolvedOptions().locale;
}
