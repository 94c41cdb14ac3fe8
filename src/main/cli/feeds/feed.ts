// `feed add|list|remove` (issue 25.8): the feeds of the data folder, through the same contract
// calls the Feeds view makes. `feed plan` and `feed run` are in feed-run.ts.
import path from 'node:path';
import type { FeedSettings, FeedView } from '../../../shared/domain/feeds';
import type { ImportInspectResult } from '../../../shared/domain/tables';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import { feedSettingsOf, guessStockColumn, recognizeTable } from '../../../shared/domain/feeds';
import { startsAsXml } from '../../feeds';
import { wordsIn } from '../../i18n';
import { UsageError, type FeedAddOptions, type FeedEditOptions } from '../args';
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

export async function templateOf(session: Session, accountId: string, accountName: string, name: string) {
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

/**
 * `feed add NAME SOURCE [...]`: the reference and stock columns guessed from a file's header where
 * not given; a recognized export (issue 35.1) and an address need none (the plan says what it read).
 */
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
  // A product feed in XML (issue 35.1) is recognized by its content, as an address is: no columns to
  // name; the plan says what it read. A file that cannot be opened is the inspection's to say.
  const xml = source.kind === 'file' && (await startsAsXml(source.path).catch(() => false));
  if (source.kind === 'file' && !xml) {
    let inspected: ImportInspectResult;
    try {
      inspected = await session.call<ImportInspectResult>('import:inspect', { path: source.path });
    } catch (error) {
      if (error instanceof CallFailed && ['not-found', 'invalid-input'].includes(error.error.code))
        throw new ExitWith(EXIT.usage, t('feed.cannotRead', { file: source.path, why: error.error.message }));
      throw error;
    }
    const columns = inspected.header.join(', ');
    const recognized = recognizeTable(inspected.header) !== null;
    if (!recognized) {
      reference ??= inspected.header[inspected.mapping.indexOf('reference')];
      stock ??= guessStockColumn(inspected.header);
    }
    const missing = [reference, stock].find(
      (column) =>
        column !== undefined &&
        !inspected.header.some((h) => h.trim().toLowerCase() === column.toLowerCase()),
    );
    if (missing !== undefined)
      throw new ExitWith(EXIT.usage, t('feed.noColumn', { column: missing, columns }));
    if (reference === undefined && !recognized)
      throw new ExitWith(EXIT.usage, t('feed.noReference', { columns }));
  }
  const template =
    options.template === undefined
      ? undefined
      : await templateOf(session, account.id, account.name, options.template);
  const settings: FeedSettings = {
    name,
    source,
    accountId: account.id,
    ...(reference !== undefined && { referenceColumn: reference }),
    ...(stock !== undefined && { stockColumn: stock }),
    ...(template && { templateId: template.id }),
    ...(options.photos !== undefined && { photoFolder: path.resolve(options.photos) }),
    gone: options.gone,
    publish: options.publish,
    ...(options.everyMinutes !== undefined && { everyMinutes: options.everyMinutes }),
    maxShare: options.maxShare ?? 0.2,
    // New drafts of the feed start with it; the feed's earlier drafts keep theirs.
    ...(options.priceRule && { priceRule: options.priceRule }),
    ...exportSettings(options),
  };
  const { feeds } = await session.call<{ feeds: FeedView[] }>('feeds:list');
  const same = feeds.find((f) => f.name.trim().toLowerCase() === name.trim().toLowerCase());
  const feed = await session.call<FeedView>('feeds:save', { ...(same && { id: same.id }), settings });
  session.out(
    t(same ? 'feed.saved' : 'feed.added', {
      name: feed.name,
      // As the desk keeps it: an access key moved to the keychain, •••• in its place.
      source: feed.source.kind === 'file' ? feed.source.path : feed.source.url,
      account: account.name,
      reference: reference ?? t('feed.ownReference'),
      stock: stock ?? t(reference === undefined ? 'feed.ownStock' : 'feed.noStock'),
    }),
  );
  if (!feed.approved) session.err(t('feed.firstRun', { name: feed.name }));
  return EXIT.ok;
}

/** A shop export's choices as the feed's settings (issue 35). */
function exportSettings(options: FeedEditOptions): Partial<FeedSettings> {
  return {
    ...(options.variants !== undefined && { variants: options.variants }),
    ...(options.productDetails !== undefined && { productDetails: options.productDetails }),
    ...(options.allowPrivateAddresses && { allowPrivateAddresses: true }),
  };
}

/** `feed edit NAME [...]`: changes only the settings given; the source, account and history stay. */
export async function feedEditCommand(
  session: Session,
  name: string,
  options: FeedEditOptions & { template?: string | undefined },
): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const feed = await feedNamed(session, name);
  const settings = feedSettingsOf(feed);
  const template =
    options.template === undefined
      ? undefined
      : await templateOf(session, feed.accountId, feed.accountId, options.template);
  // An empty --reference "" goes back to the format's own reference (a recognized export).
  const rest: FeedSettings = { ...settings };
  delete rest.referenceColumn;
  delete rest.stockColumn;
  const reference =
    options.reference === undefined ? settings.referenceColumn : options.reference || undefined;
  const stock = options.stock === undefined ? settings.stockColumn : options.stock || undefined;
  const next: FeedSettings = {
    ...rest,
    ...(reference !== undefined && { referenceColumn: reference }),
    ...(stock !== undefined && { stockColumn: stock }),
    ...(template && { templateId: template.id }),
    ...(options.publish !== undefined && { publish: options.publish }),
    ...(options.gone !== undefined && { gone: options.gone }),
    ...(options.everyMinutes !== undefined && { everyMinutes: options.everyMinutes }),
    ...(options.priceRule && { priceRule: options.priceRule }),
    ...(options.maxShare !== undefined && { maxShare: options.maxShare }),
    ...exportSettings(options),
  };
  const saved = await session.call<FeedView>('feeds:save', { id: feed.id, settings: next });
  session.out(
    t('feed.edited', {
      name: saved.name,
      reference: saved.referenceColumn ?? t('feed.ownReference'),
      stock: saved.stockColumn ?? t('feed.noStock'),
      variants: t(`feed.variants.${saved.variants ?? 'group'}`),
      details: t(`feed.details.${saved.productDetails ?? 'attributes'}`),
      share: Math.round(saved.maxShare * 100),
    }),
  );
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
