// The composition root's shop part for Settings → Shop and the commands (issue 24.1): the shop
// service over the desk's running sync (if it opened in a shop), leaving that stops the sharing at
// once, and a join's exchange of data run at the first start in the shop (or again after one that
// was cut off), its progress as events.
import type { UiLanguage } from '../../shared/i18n-language';
import type { EventHub } from '../events';
import type { Log } from '../log/log';
import type { SecretStore } from '../secrets/secret-store';
import { finishJoin } from './finish-join';
import { createShopService, type ShopService } from './shop-service';
import type { DeskShop } from './start-shop';

export interface DeskShopService {
  service: ShopService;
  /** The join's exchange started now, if one waited: what went each way. */
  joining?: Promise<{ sent: number; received: number } | undefined>;
  /** Stops the sharing (leave, quit); once. */
  stop(): Promise<void>;
}

/** Builds the shop service of a desk whose sync (`shop`) may be running. */
export function openDeskShopService(deps: {
  dataDir: string;
  secrets: SecretStore;
  log: Log;
  events: EventHub;
  language: () => UiLanguage;
  shop?: DeskShop;
}): DeskShopService {
  const { shop, events, log } = deps;
  let sharing = shop;
  const stop = async () => {
    const running = sharing;
    sharing = undefined;
    await running?.close();
  };
  const service = createShopService({
    dataDir: deps.dataDir,
    secrets: deps.secrets,
    log,
    language: deps.language,
    onChange: (status) => events.emit('shop:changed', status),
    sync: () => sharing && { status: () => shop!.status(), close: stop },
  });
  const joining =
    shop &&
    finishJoin(deps.dataDir, shop.sync, (progress) => events.emit('shop:progress', progress), log).then(
      async (done) => {
        if (done) await service.notify();
        return done;
      },
      (error: unknown) => {
        log.error('shop: the join could not send and receive its data; tried again at the next start', error);
        void service.notify().catch(() => undefined);
        throw error;
      },
    );
  // The command line waits for it; the window follows its events and the status.
  joining?.catch(() => undefined);
  return { service, stop, ...(joining && { joining }) };
}
