// Settings → Shop and the `shop` commands over one service: the status, the connection test,
// joining and leaving, every failure in the seller's words (issue 24.1).
import type {
  ShopAddDeskView,
  ShopCheckView,
  ShopInitView,
  ShopLeaveView,
  ShopStatusView,
} from '../../shared/ipc/contract-shop';
import type { UiLanguage } from '../../shared/i18n-language';
import { AppError } from '../errors/app-error';
import { wordsIn } from '../i18n';
import type { Log } from '../log/log';
import type { SecretStore } from '../secrets/secret-store';
import {
  readMembership,
  type ShopMembership,
  describeShopUrl,
  splitShopUrl,
  ShopError,
  ShopRefused,
  shopProblemOf,
} from './connection';
import { checkShop } from './session';
import { joinShop, leaveShop } from './join';
import { type ShopStatus, readShopStatus, shopProblemView } from './status';
import { addDesk, setUpShop, type AddDeskInput, type ShopSetupInput } from './setup';

/** The desk's running sync (at start in a shop, or since a join), as this service uses it. */
export interface ShopSyncPort {
  status(): Promise<ShopStatus>;
  /** Stops sharing before the membership goes. */
  close(): Promise<void>;
}

export interface ShopServiceDeps {
  dataDir: string;
  secrets: SecretStore;
  log: Log;
  language: () => UiLanguage;
  onChange: (status: ShopStatusView) => void;
  /** The running sync, if the desk is in a shop. */
  sync?: () => ShopSyncPort | undefined;
  /** Starts the sharing once the desk has joined (its stores share from then on). */
  joined?: () => Promise<void>;
}

export interface ShopService {
  status(): Promise<ShopStatusView>;
  test(url: string, password?: string): Promise<ShopCheckView>;
  /** Sets up or upgrades a shop's database with its owner's login (`shop init`); joins nothing. */
  init(input: ShopSetupInput): Promise<ShopInitView>;
  /** Makes one desk's login in the desks' role with the owner's login ("Add a desk"). */
  addDesk(input: AddDeskInput): Promise<ShopAddDeskView>;
  join(input: { url: string; password?: string; name: string }): Promise<ShopStatusView>;
  leave(): Promise<ShopLeaveView>;
  /** Reads the status again and tells the window: the sync part calls it when the link changes. */
  notify(): Promise<void>;
}

/** The AppError a failure of join or leave reaches the window and the command line as. */
export function shopAppError(error: unknown, language: UiLanguage, where: string): unknown {
  if (error instanceof ShopRefused) {
    const t = wordsIn(language, 'shop');
    const message = {
      'no-keychain': () => t('noKeychain', { why: error.about }),
      'already-member': () => t('alreadyMember', { where: error.about }),
      'not-member': () => t('notMember'),
      'name-taken': () => t('deskNameTaken', { name: error.about }),
      'login-taken': () => t('loginTaken', { name: error.about }),
      'not-a-desk': () => wordsIn(language, 'teamRoles')('notADesk', { login: error.about }),
      'last-owner': () => wordsIn(language, 'teamRoles')('lastOwner', { login: error.about }),
    }[error.refusal]();
    return new AppError('conflict', message, { shop: error.refusal });
  }
  if (error instanceof ShopError) {
    const view = shopProblemView(language, error.problem, where, error.versions);
    return new AppError('unavailable', view.message, { shop: view.problem, detail: error.message });
  }
  return error;
}

/** A running sync's status as the window and the command line take it. */
async function viewOf(status: ShopStatus, dataDir: string, language: UiLanguage): Promise<ShopStatusView> {
  const { membership } = await readMembership(dataDir);
  const { link } = status;
  return {
    member: true,
    where: status.database,
    shopId: status.shopId,
    deskId: status.deskId,
    deskName: status.deskName,
    ...(membership && { joinedAt: membership.joinedAt }),
    link: {
      state: link.state,
      since: link.since,
      ...(link.problem && { problem: shopProblemView(language, link.problem, status.database) }),
    },
    waiting: status.waiting,
    photosWaiting: status.photosWaiting,
    conflicts: status.conflicts,
    failed: status.failed,
    ...(status.role !== undefined && { role: status.role }),
    desks: (status.desks ?? []).map((desk) => ({
      id: desk.id,
      name: desk.name,
      lastSeen: desk.lastSeen,
      leftAt: desk.leftAt,
      self: desk.thisDesk,
    })),
  };
}

/** The shop service of one data folder. */
export function createShopService(deps: ShopServiceDeps): ShopService {
  // Read from the database itself: a sync just started has not read the shop's desks yet.
  const read = async (): Promise<ShopStatusView> => {
    const view = await readShopStatus({
      dataDir: deps.dataDir,
      secrets: deps.secrets,
      language: deps.language(),
    });
    // Joined, but the sharing could not start in this back end: it starts with the next start.
    return view.member && !deps.sync?.() ? { ...view, startsAtRestart: true } : view;
  };
  const status = async (): Promise<ShopStatusView> => {
    const running = deps.sync?.();
    return running ? viewOf(await running.status(), deps.dataDir, deps.language()) : read();
  };
  // Work done with the owner's login: its refusals are worded for the owner, not for a desk.
  const asOwner = async <T>(url: string, work: () => Promise<T>): Promise<T> => {
    const where = describeShopUrl(url);
    try {
      return await work();
    } catch (error) {
      // The desk's words would send the seller to the desk's login; here it is the owner's.
      if (error instanceof ShopError && error.problem === 'password-refused') {
        const message = wordsIn(deps.language(), 'shop')('ownerPasswordRefused', { where });
        throw new AppError('unavailable', message, { shop: error.problem, detail: error.message });
      }
      throw shopAppError(error, deps.language(), where);
    }
  };
  const changed = async (fresh = status) => {
    const now = await fresh();
    deps.onChange(now);
    return now;
  };
  return {
    status,
    async test(url, password) {
      const where = describeShopUrl(url);
      const check = await checkShop(url, password ?? splitShopUrl(url).password);
      if (check.ok) return { ok: true, where, version: check.version, desks: check.desks };
      deps.log.warn('shop: the connection test failed', {
        where,
        problem: check.problem,
        detail: check.detail,
      });
      return { ok: false, where, ...shopProblemView(deps.language(), check.problem, where, check.versions) };
    },
    init: (input) => asOwner(input.url, () => setUpShop(input, deps.log)),
    addDesk: (input) => asOwner(input.url, () => addDesk(input, deps.log)),
    async join(input) {
      const where = describeShopUrl(input.url);
      let membership: ShopMembership;
      try {
        membership = await joinShop(deps, input);
      } catch (error) {
        deps.log.warn('shop: joining failed', {
          where,
          problem: error instanceof ShopRefused ? error.refusal : shopProblemOf(error),
          detail: error instanceof Error ? error.message : String(error),
        });
        throw shopAppError(error, deps.language(), where);
      }
      deps.log.info('shop: joined; the data goes up and down now', { deskId: membership.deskId });
      await deps.joined?.().catch((error: unknown) => {
        // The status says that it starts with the next start; the log says why.
        deps.log.error('shop: joined, but the sharing could not start now', error);
      });
      return changed(read);
    },
    async notify() {
      await changed();
    },
    async leave() {
      await deps.sync?.()?.close();
      let left;
      try {
        left = await leaveShop(deps);
      } catch (error) {
        throw shopAppError(error, deps.language(), '');
      }
      await changed();
      if (left.told) return { told: true };
      const where = describeShopUrl(left.membership.url);
      const problem = shopProblemOf(left.error);
      return { told: false, problem: shopProblemView(deps.language(), problem, where) };
    },
  };
}
