// Settings → Shop's "Set up a shop database" (issue 24.1): `shop init` from the window, through the
// same initShop as the command line. The owner's password serves this one call: it is never put
// in the keychain, a file or the log, and the answer does not carry it.
import type { ShopInitView } from '../../../shared/ipc/contract-shop';
import type { Log } from '../../log/log';
import { describeShopUrl, splitShopUrl, ShopError, shopProblemOf, ShopRefused } from '../connection';
import { deskJoinUrl, initShop, type DeskLoginInput } from './shop-init';

export interface ShopSetupInput {
  /** The owner's (or a superuser's) address; a password in it is used as the password. */
  url: string;
  password?: string;
  deskLogin?: DeskLoginInput;
}

/**
 * Creates or upgrades the shop's schema and the desks' role; optionally makes a desk login. A
 * failure is logged and thrown as a ShopRefused or a ShopError (its problem code) to word.
 */
export async function setUpShop(input: ShopSetupInput, log: Log): Promise<ShopInitView> {
  const { url, password } = splitShopUrl(input.url);
  const where = describeShopUrl(url);
  log.info('shop: setting up the team database', { where, deskLogin: input.deskLogin?.name });
  let result;
  try {
    result = await initShop(url, input.password ?? password, input.deskLogin);
  } catch (error) {
    const problem = error instanceof ShopRefused ? error.refusal : shopProblemOf(error);
    // pg's messages name roles and objects, never a password or a statement's text.
    log.warn('shop: setting up the team database failed', {
      where,
      problem,
      detail: error instanceof Error ? error.message : String(error),
    });
    if (error instanceof ShopRefused || error instanceof ShopError) throw error;
    throw new ShopError(shopProblemOf(error), error instanceof Error ? error.message : String(error));
  }
  log.info('shop: the team database is set up', {
    where,
    from: result.from,
    to: result.to,
    role: result.role,
    roleCreated: result.roleCreated,
  });
  return {
    where,
    from: result.from,
    to: result.to,
    role: result.role,
    roleCreated: result.roleCreated,
    ...(input.deskLogin && {
      deskLogin: { name: input.deskLogin.name, url: deskJoinUrl(url, input.deskLogin.name, result.database) },
    }),
    exampleUrl: deskJoinUrl(url, 'desk_front', result.database),
  };
}
