// Electron's part of a start with a command word (command-dispatch.ts): a process with no window
// that must not need a display, a GPU or a Dock icon, must leave the window's Chromium profile
// alone, and ends with the command's exit code.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from 'electron';
import type { CommandHost } from './command-dispatch';

/** The host command-dispatch.ts runs the command line in, inside Electron's main process. */
export function electronCommandHost(app: App, parts: Pick<CommandHost, 'planChild'> = {}): CommandHost {
  let scratch: string | undefined;
  return {
    ...parts,
    beforeCommand(): void {
      // Chromium still starts its browser process around the command: on Linux it would open the
      // display (and stop where there is none, as on a server running `worker`) unless told to use
      // Ozone's headless platform; no window is ever made, so nothing needs a real one.
      if (process.platform === 'linux') app.commandLine.appendSwitch('ozone-platform', 'headless');
      app.disableHardwareAcceleration();
      // Chromium keeps its profile (Local State, caches, network state) in userData, which is the
      // data folder; with the window open on it, two browser processes would share one profile.
      // The command line names its data folder itself (paths.ts), so Chromium gets a scratch one.
      scratch = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-command-'));
      app.setPath('userData', scratch);
      app.setPath('sessionData', scratch);
      // macOS: a command is no app the seller switches to.
      void app.whenReady().then(() => app.dock?.hide());
    },
    exit(code: number): void {
      try {
        if (scratch) rmSync(scratch, { recursive: true, force: true, maxRetries: 2 });
      } catch {
        // Chromium may still hold a file there (Windows): the system's temp clean-up takes it.
      }
      app.exit(code);
    },
  };
}
