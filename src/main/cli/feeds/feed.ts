// `feed add|list|remove` (issue 25.8): the feeds of the data folder, through the same contract
// calls the Feeds view makes. `feed plan` and `feed run` are in feed-run.ts.
import path from 'node:path';
import type { FeedSettings, FeedView } from '../../../shared/domain/feeds';
import type { ImportInspectResult } from '../../../shared/domain/tables';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import { guessStockColumn } from '../../../shared/domain/feeds';
import { wordsIn } from '../../i18n';
import { UsageError, type FeedAddOptions } from '../args';
import { CallFailed, ExitWith, type Session } from '../session';
import { EXIT } from '../words';

/** The feed of this name (or id), else exit 2 naming the feeds there are. */
export async function feedNamed(session: Session, name: string): Promise<FeedView> {
  const { feeds } = await session.call<{ feeds: FeedView[] }>('feeds:list');
  const wanted = name.trim().toLowerCase();
  const feed = feeds.find((f) => f.id === name) ?? feeds.find((f) => f.name.trim().toLowerCase() === wanted);
  if (feed) return feed;
  const t = wordsIn(session.language, 'cli');
  throw new ExitWith(
    EXIT.usage,
    feeds.length === 0
      ? t('feed.unknownNone', { name })
      : t('feed.unknown', { name, names: feeds.map((f) => f.name).join(', ') }),
  );
}

async function templateOf(session: Session, accountId: string, accountName: string, name: string) {
  const { templates } = await session.call<{ templates: DraftTemplate[] }>('templates:list', { accountId });
  const wanted = name.trim().toLowerCase();
  const template =
    templates.find((t) => t.id === name) ?? templates.find((t) => t.name.trim().toLowerCase() === wanted);
  if (!template)
    throw new UsageError({
      problem: 'template-unknown',
      name,
      account: accountName,
      names: templates.map((t) => t.name),
    });
  return template;
}

/** `feed add NAME SOURCE [...]`: the reference and stock columns guessed from a file's header where not given. */
export async function feedAddCommand(
  session: Session,
  name: string,
  sourceText: string,
  options: FeedAddOptions & { photos?: string | undefined; template?: string | undefined },
): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const account = await session.account();
  const url = /^https:\/\//i.test(sourceText);
  const source: FeedSettings['source'] = url
    ? { kind: 'url', url: sourceText }
    : { kind: 'file', path: path.resolve(sourceText) };
  let reference = options.reference;
  let stock = options.stock;
  if (source.kind === 'file') {
    let inspected: ImportInspectResult;
    try {
      inspected = await session.call<ImportInspectResult>('import:inspect', { path: source.path });
    } catch (error) {
      if (error instanceof CallFailed && ['not-found', 'invalid-input'].includes(error.error.code))
        throw new ExitWith(EXIT.usage, t('feed.cannotRead', { file: source.path, why: error.error.message }));
      throw error;
    }
    const columns = inspected.header.join(', ');
    reference ??= inspected.header[inspected.mapping.indexOf('reference')];
    stock ??= guessStockColumn(inspected.header);
    const missing = [reference, stock].find(
      (column) =>
        column !== undefined &&
        !inspected.header.some((h) => h.trim().toLowerCase() === column.toLowerCase()),
    );
    if (missing !== undefined)
      throw new ExitWith(EXIT.usage, t('feed.noColumn', { column: missing, columns }));
    if (reference === undefined) throw new ExitWith(EXIT.usage, t('feed.noReference', { columns }));
  }
  if (reference === undefined) throw new ExitWith(EXIT.usage, t('feed.urlReference'));
  const template =
    options.template === undefined
      ? undefined
      : await templateOf(session, account.id, account.name, options.template);
  const settings: FeedSettings = {
    name,
    source,
    accountId: account.id,
    referenceColumn: reference,
    ...(stock !== undefined && { stockColumn: stock }),
    ...(template && { templateId: template.id }),
    ...(options.photos !== undefined && { photoFolder: path.resolve(options.photos) }),
    gone: options.gone,
    publish: options.publish,
    ...(options.everyMinutes !== undefined && { everyMinutes: options.everyMinutes }),
    maxShare: 0.2,
    // New drafts of the feed start with it; the feed's earlier drafts keep theirs.
    ...(options.priceRule && { priceRule: options.priceRule }),
  };
  const { feeds } = await session.call<{ feeds: FeedView[] }>('feeds:list');
  const same = feeds.find((f) => f.name.trim().toLowerCase() === name.trim().toLowerCase());
  const feed = await session.call<FeedView>('feeds:save', { ...(same && { id: same.id }), settings });
  session.out(
    t(same ? 'feed.saved' : 'feed.added', {
      name: feed.name,
      source: source.kind === 'file' ? source.path : source.url,
      account: account.name,
      reference,
      stock: stock ?? t('feed.noStock'),
    }),
  );
  if (!feed.approved) session.err(t('feed.firstRun', { name: feed.name }));
  return EXIT.ok;
}

/** `feed list [--json]`. */
export async function feedListCommand(session: Session, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const { feeds } = await session.call<{ feeds: FeedView[] }>('feeds:list');
  if (json) {
    session.out(JSON.stringify({ feeds }, null, 2));
    return EXIT.ok;
  }
  if (feeds.length === 0) {
    session.out(t('feed.none'));
    return EXIT.ok;
  }
  const rows = feeds.map((f) => [
    f.name,
    f.source.kind === 'file' ? f.source.path : f.source.url,
    f.everyMinutes === undefined ? '–' : t('feed.every', { count: f.everyMinutes }),
    f.lastRun
      ? `${t(`feed.state.${f.lastRun.state}`)} ${f.lastRun.startedAt}`
      : f.approved
        ? '–'
        : t('feed.waitsForYes'),
  ]);
  const header = ['name', 'source', 'every', 'lastRun'].map((key) => t(`feed.listHeader.${key}`));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    session.out(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  return EXIT.ok;
}

/** `feed remove NAME`. */
export async function feedRemoveCommand(session: Session, name: string): Promise<number> {
  const feed = await feedNamed(session, name);
  await session.call('feeds:remove', { id: feed.id });
  session.out(wordsIn(session.language, 'cli')('feed.removed', { name: feed.name }));
  return EXIT.ok;
}
