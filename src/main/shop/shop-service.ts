// Settings → Shop and the `shop` commands over one service: the status, the connection test,
// joining and leaving, every failure in the seller's words (issue 24.1).
import type {
  ShopCheckView,
  ShopLeaveView,
  ShopProgress,
  ShopStatusView,
} from '../../shared/ipc/contract-shop';
import type { UiLanguage } from '../../shared/i18n-language';
import { AppError } from '../ipc/app-error';
import { wordsIn } from '../i18n';
import type { Log } from '../log/log';
import type { SecretStore } from '../secrets/secret-store';
import type { ShopMembership } from './membership';
import { checkShop } from './shop-connect';
import { describeShopUrl, splitShopUrl } from './shop-db';
import { ShopError, shopProblemOf } from './shop-error';
import { joinShop, leaveShop, ShopRefused } from './shop-join';
import type { ShopSession } from './shop-session';
import { readShopStatus } from './shop-status-read';
import { shopProblemView } from './shop-words';

/**
 * What the sync part (branch shop-sync) does around joining and leaving. Absent, a join ends with
 * the membership written and the session opens at the next start.
 */
export interface ShopSyncPort {
  /** The open session, if any: its link is the status's truth. */
  session(): ShopSession | undefined;
  /** After the membership is written: sends this desk's data, receives the shop's, with progress. */
  joined(membership: ShopMembership, progress: (progress: ShopProgress) => void): Promise<void>;
  /** Before the membership goes: closes the session. */
  leaving(): Promise<void>;
}

export interface ShopServiceDeps {
  dataDir: string;
  secrets: SecretStore;
  log: Log;
  language: () => UiLanguage;
  onChange: (status: ShopStatusView) => void;
  onProgress: (progress: ShopProgress) => void;
  sync?: ShopSyncPort;
  /** Drafts in conflict, once the merge part can count them. */
  conflicts?: () => number;
}

export interface ShopService {
  status(): Promise<ShopStatusView>;
  test(url: string, password?: string): Promise<ShopCheckView>;
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
    }[error.refusal]();
    return new AppError('conflict', message, { shop: error.refusal });
  }
  if (error instanceof ShopError) {
    const view = shopProblemView(language, error.problem, where, error.versions);
    return new AppError('unavailable', view.message, { shop: view.problem, detail: error.message });
  }
  return error;
}

/** The shop service of one data folder. */
export function createShopService(deps: ShopServiceDeps): ShopService {
  const status = () =>
    readShopStatus({
      dataDir: deps.dataDir,
      secrets: deps.secrets,
      language: deps.language(),
      ...(deps.sync?.session() && { session: deps.sync.session() }),
      ...(deps.conflicts && { conflicts: deps.conflicts }),
    });
  const changed = async () => {
    const now = await status();
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
      // The sync part's join (issue 24.2): this desk's drafts go up, the shop's come down.
      await deps.sync?.joined(membership, deps.onProgress);
      return changed();
    },
    async notify() {
      await changed();
    },
    async leave() {
      await deps.sync?.leaving();
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
