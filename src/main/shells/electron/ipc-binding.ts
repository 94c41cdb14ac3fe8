// Binds the contract to ipcMain: one handler per channel, each checking that the call comes from
// the app's own main frame before the router sees it.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { Envelope } from '../../../shared/ipc/envelope';
import type { Router } from '../../app-contract';

/** True when the call comes from a top-level frame showing the app's own page. */
export function isTrustedSender(event: IpcMainInvokeEvent, isAppUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

/** Registers every contract channel on ipcMain. */
export function bindIpc(ipcMain: IpcMain, router: Router, isAppUrl: (url: string) => boolean): void {
  for (const channel of router.channels) {
    ipcMain.handle(channel, async (event, input: unknown): Promise<Envelope<unknown>> => {
      if (!isTrustedSender(event, isAppUrl)) {
        return {
          ok: false,
          error: { code: 'forbidden', message: 'Calls are accepted from the app window only.' },
        };
      }
      return router.call(channel, input);
    });
  }
}
