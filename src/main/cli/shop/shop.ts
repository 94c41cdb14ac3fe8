// `shop init URL`, `shop join URL [--name NAME]`, `shop status [--json]`, `shop leave` (issue
// 24.1). init works on the database alone; the others go through the app's router like Settings →
// Shop, so a desk joined here is joined as in the window. The password comes from the URL or a
// prompt (standard input when piped) and goes to the keychain only.
import os from 'node:os';
import type {
  ShopProblemCode,
  ShopProgress,
  ShopRefusal,
  ShopStatusView,
} from '../../../shared/ipc/contract-shop';
import type { UiLanguage } from '../../../shared/i18n-language';
import { wordsIn } from '../../i18n';
import {
  describeShopUrl,
  splitShopUrl,
  ShopError,
  shopProblemOf,
  deskJoinUrl,
  initShop,
  waitConnected,
  shopProblemText,
  roleWord,
} from '../../shop';
import { localTime, table, cliInvocation, EXIT } from '../words';
import { readSecret, CallFailed, ExitWith, type Output, type Session } from '../session';
import { FIRST_ANSWER_MS } from './shop-round';

/** The exit code of a shop problem: out of reach (8) or refused (9). */
export function shopExitCode(problem: ShopProblemCode | ShopRefusal): number {
  if (problem === 'no-keychain') return EXIT.noKeychain;
  return problem === 'unreachable' || problem === 'server-full' || problem === 'tls'
    ? EXIT.shopUnreachable
    : EXIT.shopRefused;
}

/** The URL's password, else the one typed at the prompt (or piped in); none when left empty. */
export async function passwordFor(url: string, language: UiLanguage): Promise<string | undefined> {
  const given = splitShopUrl(url).password;
  if (given !== undefined) return given;
  const typed = await readSecret(
    wordsIn(language, 'cli')('shop.passwordPrompt', { where: describeShopUrl(url) }),
  );
  if (typed === null) throw new ExitWith(EXIT.interrupted, wordsIn(language, 'cli')('shop.passwordNotGiven'));
  return typed === '' ? undefined : typed;
}

/** `shop init URL`: the schema created or upgraded, the desks' role granted, and how to add a desk. */
export async function shopInitCommand(output: Output, language: UiLanguage, url: string): Promise<number> {
  const t = wordsIn(language, 'cli');
  const where = describeShopUrl(url);
  const password = await passwordFor(url, language);
  let result;
  try {
    result = await initShop(url, password);
  } catch (error) {
    const problem = shopProblemOf(error);
    output.err(
      shopProblemText(language, problem, where, error instanceof ShopError ? error.versions : undefined),
    );
    return shopExitCode(problem);
  }
  output.out(
    [
      result.from === result.to
        ? t('shop.initCurrent', { where, version: result.to })
        : t('shop.initDone', { where, version: result.to, from: result.from }),
      t(result.roleCreated ? 'shop.roleMade' : 'shop.roleKept', { role: result.role }),
      // One login per desk (issue 32.4): `shop add-desk` makes each, as "Add a desk" does.
      t('shop.howToAddDesk', {
        invocation: cliInvocation(),
        owner: splitShopUrl(url).url,
        url: deskJoinUrl(url, 'desk_front', result.database),
      }),
    ].join('\n'),
  );
  return EXIT.ok;
}

/** The exit code and words of a refused shop call; other failures go on up. */
function shopCallFailed(error: unknown): never {
  if (error instanceof CallFailed) {
    const shop = (error.error.details as { shop?: ShopProblemCode | ShopRefusal } | undefined)?.shop;
    if (shop) throw new ExitWith(shopExitCode(shop), error.error.message);
  }
  throw error;
}

/**
 * `shop join URL [--name NAME]`: this desk joins, and its back end at once sends its data and
 * receives the shop's, with progress lines on stderr.
 */
export async function shopJoinCommand(
  session: Session,
  url: string,
  name: string | undefined,
): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const password = await passwordFor(url, session.language);
  // Listening before the join: the exchange starts as soon as it has joined.
  const stop = session.app.events.subscribe((event, payload) => {
    if (event !== 'shop:progress') return;
    const progress = payload as ShopProgress;
    // The first line of each phase (0 of n) and its last; a line per item would flood a terminal.
    if (progress.done === 0 || progress.done === progress.total)
      session.err(t(`shop.progress.${progress.phase}`, { done: progress.done, total: progress.total }));
  });
  try {
    const joined = await session
      .call<ShopStatusView>('shop:join', {
        url: splitShopUrl(url).url,
        ...(password !== undefined && { password }),
        name: name ?? os.hostname(),
      })
      .catch(shopCallFailed);
    const members = joined.desks.filter((desk) => desk.leftAt === null).length;
    session.out(t('shop.joined', { name: joined.deskName, where: joined.where, count: members }));
    try {
      const done = await session.app.shopJoining;
      if (done) session.out(t('shop.exchanged', { sent: done.sent }));
      return EXIT.ok;
    } catch (error) {
      // Joined all the same: the exchange is tried again at the next start of this desk.
      const problem = shopProblemOf(error);
      session.err(
        `${shopProblemText(session.language, problem, joined.where ?? '')}\n${t('shop.exchangeLater')}`,
      );
      return shopExitCode(problem);
    }
  } finally {
    stop();
  }
}

/** `shop status [--json]`: membership, link, changes waiting, conflicts, the desks and when each was seen. */
export async function shopStatusCommand(session: Session, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  // The back end has just opened: its session counts as offline until the database first answers.
  const sync = session.app.shop?.sync;
  // Connected, one round first: what waits goes up and what others did (their conflicts too) is read.
  if (sync)
    await waitConnected(sync, FIRST_ANSWER_MS).then(
      () => sync.syncNow(),
      () => undefined,
    );
  const status = await session.call<ShopStatusView>('shop:status');
  const problem = status.link?.problem;
  if (json) session.out(JSON.stringify(status, null, 2));
  else if (!status.member) session.out(t('shop.lone'));
  else session.out(statusText(status, session.language));
  if (problem && !json) session.err(problem.message);
  return problem ? shopExitCode(problem.problem) : EXIT.ok;
}

function statusText(status: ShopStatusView, language: UiLanguage): string {
  const t = wordsIn(language, 'cli');
  const link = status.link!;
  const lines = [
    t('shop.where', { where: status.where }),
    t('shop.thisDesk', { name: status.deskName, joined: localTime(status.joinedAt!, language) }),
    t(link.state === 'connected' ? 'shop.connected' : 'shop.offline', {
      since: localTime(link.since, language),
    }),
    t('shop.waiting', { count: status.waiting }),
  ];
  // Issue 37.1: what this desk's login may do, as the database said it.
  if (status.role !== undefined)
    lines.push(
      wordsIn(language, 'teamRoles')('yourRole', { role: roleWord(language, status.role ?? 'none') }),
    );
  if (status.photosWaiting) lines.push(t('shop.photosWaiting', { count: status.photosWaiting }));
  if (status.conflicts !== undefined) lines.push(t('shop.conflicts', { count: status.conflicts }));
  if (status.failed?.unapplied) lines.push(t('shop.unapplied', { count: status.failed.unapplied }));
  if (status.failed?.stuck) lines.push(t('shop.stuck', { count: status.failed.stuck }));
  if (status.desks.length > 0) {
    const rows = status.desks.map((desk) => [
      desk.name,
      localTime(desk.lastSeen, language),
      desk.leftAt !== null
        ? t('shop.deskLeft', { when: localTime(desk.leftAt, language) })
        : desk.self
          ? t('shop.deskSelf')
          : t('shop.deskMember'),
    ]);
    lines.push(
      '',
      table([t('shop.desksHeader.name'), t('shop.desksHeader.seen'), t('shop.desksHeader.state')], rows),
    );
  }
  return lines.join('\n');
}

/** `shop leave`: leaves the shop, keeping every draft; offline it says the database was not told. */
export async function shopLeaveCommand(session: Session): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const before = await session.call<ShopStatusView>('shop:status');
  const left = await session
    .call<{ told: boolean; problem?: { message: string } }>('shop:leave')
    .catch(shopCallFailed);
  if (left.told) session.out(t('shop.left', { where: before.where }));
  else session.out(t('shop.leftUntold', { where: before.where, problem: left.problem?.message ?? '' }));
  return EXIT.ok;
}
