// `shop role DESK ROLE --owner URL` and `shop desks [--json]` (issue 37.1): who may do what in the
// team. role works on the database alone with the owner's login (its password from the URL,
// standard input or a prompt, each time, kept nowhere), like add-desk; desks reads through this
// desk's own login, which any desk may.
import type { UiLanguage } from '../../../shared/i18n-language';
import type { DeskRole } from '../../../shared/ipc/contract-shop';
import { wordsIn } from '../../i18n';
import { silentLog } from '../../log/log';
import {
  describeShopUrl,
  listDeskLogins,
  setDeskRole,
  ShopError,
  ShopRefused,
  shopProblemOf,
  shopProblemText,
  roleWord,
  waitConnected,
  type DeskLoginRole,
} from '../../shop';
import { table, EXIT } from '../words';
import type { Output, Session } from '../session';
import { passwordFor, shopExitCode } from './shop';
import { FIRST_ANSWER_MS } from './shop-round';

/** `shop role DESK ROLE --owner URL`: the login moved into the role's group, or why not. */
export async function shopRoleCommand(
  output: Output,
  language: UiLanguage,
  login: string,
  role: DeskRole,
  ownerUrl: string,
): Promise<number> {
  const t = wordsIn(language, 'teamRoles');
  const where = describeShopUrl(ownerUrl);
  const password = await passwordFor(ownerUrl, language);
  try {
    const changed = await setDeskRole({ url: ownerUrl, password, login, role }, silentLog);
    const words = { login, where, role: roleWord(language, role), from: roleWord(language, changed.from) };
    output.out(t(changed.from === role ? 'unchanged' : 'changed', words));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ShopRefused) {
      output.err(t(error.refusal === 'last-owner' ? 'lastOwner' : 'notADesk', { login: error.about }));
      return shopExitCode(error.refusal);
    }
    const problem = shopProblemOf(error);
    output.err(
      problem === 'password-refused'
        ? wordsIn(language, 'shop')('ownerPasswordRefused', { where })
        : shopProblemText(language, problem, where, error instanceof ShopError ? error.versions : undefined),
    );
    return shopExitCode(problem);
  }
}

/** `shop desks [--json]`: the team's desk logins, each with its role and the desks that use it. */
export async function shopDesksCommand(session: Session, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'teamRoles');
  const shop = session.app.shop;
  if (!shop) {
    // A lone desk is its own owner (issue 37.1): nothing to list, nothing changes for it.
    if (json) session.out(JSON.stringify({ member: false, role: 'owner', logins: [] }, null, 2));
    else session.out(t('lone'));
    return EXIT.ok;
  }
  let logins: DeskLoginRole[];
  try {
    await waitConnected(shop.sync, FIRST_ANSWER_MS);
    logins = await listDeskLogins(shop.session.pool);
  } catch (error) {
    const problem = shopProblemOf(error);
    session.err(
      shopProblemText(session.language, problem, describeShopUrl(shop.sync.session.membership.url)),
    );
    return shopExitCode(problem);
  }
  if (json) {
    session.out(JSON.stringify({ member: true, logins }, null, 2));
    return EXIT.ok;
  }
  if (logins.length === 0) {
    session.out(t('noLogins'));
    return EXIT.ok;
  }
  const rows = logins.map((entry) => [
    entry.login,
    roleWord(session.language, entry.role),
    entry.desks.length > 0 ? entry.desks.join(', ') : t('noDeskYet'),
  ]);
  session.out(table([t('desksHeader.login'), t('desksHeader.role'), t('desksHeader.desks')], rows));
  return EXIT.ok;
}
