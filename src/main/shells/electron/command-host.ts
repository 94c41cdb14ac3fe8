// Electron's part of a start with a command word (command-dispatch.ts): a process with no window
// that must not need a display, a GPU or a Dock icon, and that ends with the command's exit code.
import type { App } from 'electron';
import type { CommandHost } from './command-dispatch';

/** The host command-dispatch.ts runs the command line in, inside Electron's main process. */
export function electronCommandHost(app: App): CommandHost {
  return {
    beforeCommand(): void {
      // Chromium still starts its browser process around the command: on Linux it would open the
      // display (and stop where there is none, as on a server running `worker`) unless told to use
      // Ozone's headless platform; no window is ever made, so nothing needs a real one.
      if (process.platform === 'linux') app.commandLine.appendSwitch('ozone-platform', 'headless');
      app.disableHardwareAcceleration();
      // macOS: a command is no app the seller switches to.
      void app.whenReady().then(() => app.dock?.hide());
    },
    exit(code: number): void {
      app.exit(code);
    },
  };
}
