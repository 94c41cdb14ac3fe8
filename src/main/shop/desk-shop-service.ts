// The composition root's shop part for Settings → Shop and the commands (issue 24.1): the shop
// service over the desk's running sync, a join that starts the sharing at once (no new start of
// the app), leaving that stops it at once, and a join's exchange of data (run after a join, or at
// the first start in the shop after one that was cut off), its progress as events.
import type { UiLanguage } from '../../shared/i18n-language';
import type { ShopStatusView } from '../../shared/ipc/contract-shop';
import type { DeskStanding } from '../../shared/domain/team';
import type { EventHub } from '../events/event-hub';
import type { Log } from '../log/log';
import type { SecretStore } from '../secrets/secret-store';
import { finishJoin } from './join';
import { createShopService, type ShopService } from './shop-service';
import type { DeskShop } from './start-shop';
import { watchShopStatus } from './status';

type Exchanged = { sent: number; received: number } | undefined;

export interface DeskShopService {
  service: ShopService;
  /** The sharing running now, if the desk is in a shop. */
  current(): DeskShop | undefined;
  /** The last join's exchange of data, if one ran since the start: what went each way. */
  joining(): Promise<Exchanged> | undefined;
  /** Stops the sharing (leave, quit). */
  stop(): Promise<void>;
}

/** Builds the shop service of a desk whose sharing (`shop`) may be running. */
export function openDeskShopService(deps: {
  dataDir: string;
  secrets: SecretStore;
  log: Log;
  events: EventHub;
  language: () => UiLanguage;
  shop?: DeskShop;
  /** Starts the sharing of a desk that has just joined (its membership is written). */
  start(): Promise<DeskShop | undefined>;
  /** Told before the sharing stops (leave, quit): what shares the session stops first. */
  stopping?(): Promise<void>;
  /** Told the desk's standing each time the database gave it (issue 37.2). */
  learned?(standing: DeskStanding): Promise<void>;
}): DeskShopService {
  const { events, log } = deps;
  let sharing = deps.shop;
  let joining: Promise<Exchanged> | undefined;
  // The window hears of the status while the sharing runs, each time it may have moved (issue 32.3).
  let unwatch: (() => void) | undefined;
  const watch = (shop: DeskShop | undefined) => {
    unwatch?.();
    unwatch = shop && watchShopStatus(shop, () => service.notify(), log);
  };
  let told: string | undefined;
  let conflicts: number | undefined;
  const tell = (read: ShopStatusView) => {
    // A status read from the database alone (right after joining) knows nothing of this desk's
    // conflicts: the count told last stays, rather than the row going blank until the next round.
    const status =
      read.member && read.conflicts === undefined && conflicts !== undefined ? { ...read, conflicts } : read;
    conflicts = status.member ? status.conflicts : undefined;
    const shown = JSON.stringify(status);
    if (shown === told) return;
    told = shown;
    events.emit('shop:changed', status);
  };
  const stop = async () => {
    const running = sharing;
    sharing = undefined;
    watch(undefined);
    if (!running) return;
    await deps.stopping?.();
    await running.close();
  };
  const exchange = (shop: DeskShop) => {
    const done = finishJoin(
      deps.dataDir,
      shop.sync,
      (progress) => events.emit('shop:progress', progress),
      log,
    ).then(
      async (exchanged) => {
        if (exchanged) await service.notify();
        return exchanged;
      },
      (error: unknown) => {
        log.error('shop: the join could not send and receive its data; tried again at the next start', error);
        void service.notify().catch(() => undefined);
        throw error;
      },
    );
    // The command line waits for it; the window follows its events and the status.
    done.catch(() => undefined);
    return done;
  };
  const service = createShopService({
    dataDir: deps.dataDir,
    secrets: deps.secrets,
    log,
    language: deps.language,
    onChange: tell,
    sync: () => sharing && { status: () => sharing!.status(), close: stop },
    ...(deps.learned && { learned: deps.learned }),
    async joined() {
      sharing = await deps.start();
      watch(sharing);
      if (sharing) joining = exchange(sharing);
    },
  });
  watch(sharing);
  if (sharing) joining = exchange(sharing);
  return { service, stop, current: () => sharing, joining: () => joining };
}
