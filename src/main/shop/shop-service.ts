// Settings → Shop and the `shop` commands over one service: the status, the connection test,
// joining and leaving, every failure in the seller's words (issue 24.1).
import type {
  DeskRole,
  ShopAddDeskView,
  ShopCheckView,
  ShopDeskLoginView,
  ShopInitView,
  ShopLeaveView,
  ShopSetRoleView,
  ShopStatusView,
} from '../../shared/ipc/contract-shop';
import type { DeskStanding } from '../../shared/domain/team';
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
  shopPasswordKey,
} from './connection';
import { checkShop, withShopClient } from './session';
import { joinShop, leaveShop } from './join';
import { type ShopStatus, readShopStatus, shopProblemView } from './status';
import {
  addDesk,
  listDeskLogins,
  setDeskRole,
  setUpShop,
  type AddDeskInput,
  type ShopSetupInput,
} from './setup';

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
  /**
   * Told the desk's standing each time a status read learned it from the database (at start, at a
   * refresh, after a role changed here or on another desk): a prepare desk's secrets go then.
   */
  learned?: (standing: DeskStanding) => Promise<void>;
}

export interface SetRoleInput {
  url: string;
  password?: string | undefined;
  login: string;
  role: DeskRole;
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
  /** The team's desk logins and their roles, read with this desk's login (none on a lone desk). */
  desks(): Promise<{ logins: ShopDeskLoginView[] }>;
  /** Moves a desk login into a role with the owner's login (`shop role`), then reads the status again. */
  setRole(input: SetRoleInput): Promise<ShopSetRoleView>;
  /** This desk's standing as the database last said it (a lone desk: not a member, its own owner). */
  standing(): DeskStanding;
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
    ...(status.ownerNamed !== undefined && { ownerNamed: status.ownerNamed }),
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
  // Unknown until a status is read: the window and the guard refuse nothing, the database decides.
  let standing: DeskStanding = { member: false };
  const learn = async (view: ShopStatusView) => {
    if (view.member && view.role === undefined) {
      // Offline: the role the database last gave stays (a desk that just joined has none yet).
      if (!standing.member) standing = { member: true };
      return;
    }
    standing = { member: view.member, role: view.role, ownerNamed: view.ownerNamed };
    if (!view.member) return;
    await deps.learned?.(standing).catch((error: unknown) => {
      deps.log.error("shop: acting on this desk's role failed", error);
    });
  };
  const status = async (): Promise<ShopStatusView> => {
    const running = deps.sync?.();
    const view = running ? await viewOf(await running.status(), deps.dataDir, deps.language()) : await read();
    await learn(view);
    return view;
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
  // Right after a join: the database's own view (desks, role), with this desk's conflicts counted
  // by the sharing just started, so the window shows the whole status at once (not a round later).
  const joinedView = async (): Promise<ShopStatusView> => {
    const view = await read();
    const running = deps.sync?.();
    if (!view.member || !running) return view;
    try {
      return { ...view, conflicts: (await running.status()).conflicts };
    } catch (error) {
      deps.log.warn("shop: this desk's conflicts could not be counted yet", { error: String(error) });
      return view;
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
      return changed(joinedView);
    },
    async notify() {
      await changed();
    },
    standing: () => standing,
    async desks() {
      const { membership } = await readMembership(deps.dataDir);
      if (!membership) return { logins: [] };
      const where = describeShopUrl(membership.url);
      const password = await deps.secrets.get(shopPasswordKey(membership.deskId));
      const own = decodeURIComponent(new URL(membership.url).username);
      try {
        const logins = await withShopClient(membership.url, password, (client) => listDeskLogins(client));
        return { logins: logins.map((entry) => ({ ...entry, self: entry.login === own })) };
      } catch (error) {
        throw shopAppError(new ShopError(shopProblemOf(error), String(error)), deps.language(), where);
      }
    },
    async setRole(input) {
      const changedRole = await asOwner(input.url, () =>
        setDeskRole(
          {
            url: input.url,
            login: input.login,
            role: input.role,
            ...(input.password && { password: input.password }),
          },
          deps.log,
        ),
      );
      // This desk's own role may be the one changed: the status learns it (and tells the window).
      await changed().catch((error: unknown) =>
        deps.log.warn('shop: the status could not be read', { error: String(error) }),
      );
      return changedRole;
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
