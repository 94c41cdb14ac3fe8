// Which start of the app is a command: `listing-desk feed run stock` runs the command line without a
// window, `listing-desk` (or with a file a launcher passed) opens the window. Pure, so that it is
// tested under Node; the Electron entry (main.ts) asks it before anything else.
import { commands } from '../../cli/args';

/**
 * Switches of Chromium and Electron, never the command line's own: launchers add some (AppImage's
 * AppRun adds --no-sandbox, desktops add the Ozone ones, Playwright the debugging ones) and a seller
 * may give others to Electron. They are dropped before the command line reads its options, since
 * it refuses options it does not know.
 */
export const CHROMIUM_SWITCHES: readonly string[] = [
  'no-sandbox',
  'disable-gpu-sandbox',
  'disable-setuid-sandbox',
  'disable-gpu',
  'disable-software-rasterizer',
  'in-process-gpu',
  'disable-dev-shm-usage',
  'ozone-platform',
  'ozone-platform-hint',
  'enable-features',
  'disable-features',
  'enable-wayland-ime',
  'wayland-text-input-version',
  'use-gl',
  'use-angle',
  'headless',
  'enable-logging',
  'log-file',
  'log-level',
  'v',
  'vmodule',
  'lang',
  'force-device-scale-factor',
  'force-renderer-accessibility',
  'password-store',
  'gtk-version',
  'user-data-dir',
  'proxy-server',
  'proxy-bypass-list',
  'no-proxy-server',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'remote-debugging-port',
  'remote-debugging-pipe',
  'js-flags',
];

const CHROMIUM = new Set(CHROMIUM_SWITCHES);

/** True for a switch of Chromium or Electron (`--name` or `--name=value`) or macOS's `-psn_…`. */
export function isChromiumSwitch(arg: string): boolean {
  // Finder once passed a process serial number to apps it started; some launchers still do.
  if (/^-psn_\d+_\d+$/.test(arg)) return true;
  const match = /^--([a-z0-9-]+)(=.*)?$/s.exec(arg);
  return match !== null && CHROMIUM.has(match[1]!);
}

const COMMAND_WORDS = new Set<string>([...commands, 'help']);

/**
 * The command line's arguments when the app was started with a command, else undefined (open the
 * window). `argv` is process.argv: the executable first, then, in development (`electron .`,
 * `defaultApp`), Electron's switches and the app's path, then the app's own arguments.
 */
export function commandArguments(argv: readonly string[], defaultApp: boolean): string[] | undefined {
  let rest = argv.slice(1);
  if (defaultApp) {
    // Electron's default app takes the first argument that is not a switch as the app to load.
    const appPath = rest.findIndex((arg) => !arg.startsWith('-'));
    rest = appPath === -1 ? [] : rest.slice(appPath + 1);
  }
  const args = rest.filter((arg) => !isChromiumSwitch(arg));
  // A command word anywhere (options may come first, `--data-dir DIR status`); a file or address a
  // launcher passes is never one of these bare words, so such a start still opens the window.
  const command = args.some((arg) => COMMAND_WORDS.has(arg) || arg === '--help' || arg === '-h');
  return command ? args : undefined;
}
