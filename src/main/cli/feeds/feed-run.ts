// `feed plan NAME [--json]` and `feed run NAME [--json]` (issue 25.8): what a run would do, each ad
// with why; and the run itself (the seller's yes to a first run). Exit 0 when all is done, 1 when
// some ads failed (or the run could not start), 10 when the safety valve held it.
import type { FeedHold, FeedPlan, FeedPlanEntry, FeedProgress, FeedRun } from '../../../shared/domain/feeds';
import { countNotReady } from '../../../shared/domain/feeds';
import { draftIssuesSummary } from '../../../shared/domain/drafts';
import type { UiLanguage } from '../../../shared/i18n-language';
import type { ImportFieldChange } from '../../../shared/domain/tables';
import { wordsIn, type TFunction } from '../../i18n';
import { feedNamed } from './feed';
import type { Session } from '../session';
import { EXIT } from '../words';

/** A hold in words. */
export function holdText(t: TFunction, hold: FeedHold): string {
  switch (hold.reason) {
    case 'cut-off':
      return t('feed.hold.cut-off', { row: hold.row + 1, cells: hold.cells, columns: hold.columns });
    case 'header-changed':
      return t('feed.hold.header-changed', { before: hold.before.join(', '), after: hold.after.join(', ') });
    case 'too-many-gone':
    case 'too-many-new':
      return t(`feed.hold.${hold.reason}`, {
        count: hold.count,
        of: hold.of,
        share: Math.round(hold.maxShare * 100),
      });
    case 'variants-switched':
      return t('feed.hold.variants-switched', {
        from: t(`feed.variants.${hold.from}`),
        to: t(`feed.variants.${hold.to}`),
        gone: hold.gone,
        created: hold.created,
        share: Math.round(hold.maxShare * 100),
      });
    default:
      return t('feed.hold.empty');
  }
}

const value = (v: ImportFieldChange['before']) => (v === null || v === '' ? '–' : String(v));

/** One entry as a line: action, reference, title, why (and what changes, or what a new draft lacks). */
function entryLine(t: TFunction, language: UiLanguage, entry: FeedPlanEntry): string {
  const changes = [...(entry.changes ?? []), ...(entry.liveChanges ?? [])]
    .filter((c, i, all) => all.findIndex((o) => o.field === c.field) === i)
    .map((c) => `${c.field}: ${value(c.before)} → ${value(c.after)}`);
  const why = t(`feed.why.${entry.reason}`, { stock: entry.stock ?? '', category: entry.shopCategory ?? '' });
  const notReady = entry.notReady?.length
    ? `; ${t('feed.notReady', { missing: draftIssuesSummary(entry.notReady, language) })}`
    : '';
  return [
    t(`feed.action.${entry.action}`).padEnd(12),
    (entry.reference ?? '–').padEnd(12),
    entry.title || '–',
    `— ${why}${changes.length > 0 ? ` (${changes.join('; ')})` : ''}${notReady}`,
  ].join(' ');
}

/** What the plan read the source as (issue 35.6): the format, a switch of variants, the sample item. */
export function readAs(t: TFunction, plan: FeedPlan): string[] {
  const lines: string[] = [];
  if (plan.format) lines.push(t('feed.format', { format: t(`feed.formats.${plan.format}`) }));
  if (plan.variantsSwitched)
    lines.push(
      t('feed.variantsSwitched', {
        from: t(`feed.variants.${plan.variantsSwitched.from}`),
        to: t(`feed.variants.${plan.variantsSwitched.to}`),
      }),
    );
  if (plan.sample && plan.sample.length > 0) {
    lines.push(t('feed.sample'));
    const width = Math.max(...plan.sample.map((f) => f.field.length));
    const became = (value: string) =>
      value === 'left-out'
        ? t('feed.became.left-out')
        : value.startsWith('attribute:')
          ? t('feed.became.attribute', { key: value.slice('attribute:'.length) })
          : t(`feed.became.${value}`, { defaultValue: value });
    for (const field of plan.sample)
      lines.push(
        `  ${field.field.padEnd(width)}  ${field.written || '–'}  → ${became(field.became)}${field.value ? `: ${field.value}` : ''}`,
      );
  }
  return lines;
}

const summary = (t: TFunction, counts: FeedPlan['counts']) =>
  (counts.wait ?? 0) > 0
    ? `${t('feed.counts', { ...counts })} ${t('feed.waiting', { count: counts.wait })}`
    : t('feed.counts', { ...counts });

/** `feed plan NAME [--json]`: nothing is applied. */
export async function feedPlanCommand(session: Session, name: string, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const feed = await feedNamed(session, name);
  const plan = await session.call<FeedPlan>('feeds:plan', { id: feed.id });
  if (json) session.out(JSON.stringify(plan, null, 2));
  else {
    for (const line of readAs(t, plan)) session.out(line);
    for (const entry of plan.entries) session.out(entryLine(t, session.language, entry));
    session.out(summary(t, plan.counts));
  }
  const notReady = countNotReady(plan.entries);
  if (notReady > 0)
    session.err(t(feed.publish ? 'feed.notReadyPublish' : 'feed.notReadyCount', { count: notReady }));
  for (const hold of plan.held) session.err(t('feed.wouldHold', { why: holdText(t, hold) }));
  if (plan.needsApproval) session.err(t('feed.firstRun', { name: feed.name }));
  return EXIT.ok;
}

/** `feed run NAME [--json]`: the seller's yes; answers when the run ends. */
export async function feedRunCommand(session: Session, name: string, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const feed = await feedNamed(session, name);
  let shown = -1;
  const unsubscribe = session.app.events.subscribe((event, payload) => {
    if (event !== 'feeds:progress') return;
    const progress = payload as FeedProgress;
    // Every tenth ad and the last: a feed of thousands must not flood a scheduler's log.
    if (progress.feedId !== feed.id || progress.phase !== 'apply' || progress.total === 0) return;
    if (
      progress.done === progress.total ||
      progress.done - shown >= Math.max(1, Math.ceil(progress.total / 10))
    ) {
      shown = progress.done;
      session.err(t('feed.progress', { done: progress.done, total: progress.total }));
    }
  });
  let run: FeedRun;
  try {
    run = await session.call<FeedRun>('feeds:run', { id: feed.id });
  } finally {
    unsubscribe();
  }
  if (json) session.out(JSON.stringify(run, null, 2));
  else {
    for (const entry of run.entries.filter((e) => e.action !== 'unchanged' || e.outcome === 'failed'))
      session.out(entryLine(t, session.language, entry));
    session.out(summary(t, run.counts));
  }
  const failedAll = [...(run.resumed ?? []).flatMap((r) => r.entries), ...run.entries].filter(
    (e) => e.outcome === 'failed',
  );
  for (const r of run.resumed ?? []) session.err(t('feed.resumed', { when: r.startedAt }));
  // Applied without them (issue 35.5): said once, not a failure.
  for (const entry of run.entries)
    for (const photo of entry.missedPhotos ?? [])
      session.err(
        t('feed.missedPhoto', { reference: entry.reference ?? '–', name: photo.name, why: photo.message }),
      );
  for (const entry of failedAll)
    session.err(
      t('feed.failedEntry', {
        reference: entry.reference ?? '–',
        title: entry.title || '–',
        action: t(`feed.action.${entry.action}`),
        why: entry.failure?.message ?? '',
      }),
    );
  if (run.state === 'held') {
    session.err(t('feed.held', { why: run.held.map((h) => holdText(t, h)).join(' ') }));
    return EXIT.feedHeld;
  }
  if (run.state === 'failed') {
    session.err(t('feed.runFailed', { why: run.failure ?? '' }));
    return EXIT.someFailed;
  }
  if (failedAll.length > 0) {
    session.err(t('feed.someFailed', { count: failedAll.length }));
    return EXIT.someFailed;
  }
  return EXIT.ok;
}
