// `electron <project> COMMAND`: the packaged app's command line run in Electron itself, as the
// specs of this folder start it (command-line.spec.ts, feed-plan-child.spec.ts).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGLISH, runOf, type CliRun } from '../integration/cli/run-cli';
import { whyNoElectronBinary, whyNotBuilt } from './fixtures';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Why Electron cannot run a command here (no display is needed for one), or undefined. */
export function whyNoCommand(): string | undefined {
  if (process.env.LISTING_DESK_ELECTRON_REQUIRED === '1') return undefined;
  return whyNoElectronBinary() ?? whyNotBuilt();
}

/**
 * Chromium's own diagnostics on stderr (`[pid:time:ERROR:file.cc(12)] ...`, newer ones
 * `[ERROR:path/file.cc:12] ...`): Electron prints errors of the browser process around the app (a
 * missing session bus, say) whatever the app does. Every other line must be the command line's.
 */
const CHROMIUM_LOG_LINE = /^\[(\d+:\d+\/\d+\.\d+:)?(INFO|WARNING|ERROR|FATAL|VERBOSE\d*):[^\]]*\] .*\n?/gm;

/** `electron <project> ...args` to its end, with no display, in English. */
export async function electron(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const binary = createRequire(import.meta.url)('electron') as string;
  const inherited = { ...process.env };
  delete inherited.DISPLAY;
  delete inherited.WAYLAND_DISPLAY;
  delete inherited.ELECTRON_RUN_AS_NODE;
  delete inherited.ELECTRON_RENDERER_URL;
  const child = spawn(binary, [root, ...args], {
    cwd: root,
    env: { ...inherited, ...ENGLISH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = await runOf(child);
  return { ...run, stderr: run.stderr.replace(CHROMIUM_LOG_LINE, '') };
}
