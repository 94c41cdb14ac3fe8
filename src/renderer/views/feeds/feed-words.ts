// How a feed's codes read for the seller: its source and schedule, a plan's actions and reasons,
// the holds of the safety valve, and a run's outcome, in the UI's language.
import type { TFunction } from 'i18next';
import { formatDateTime, type DateStyle } from '../../../shared/dates';
import type { DraftLanguage } from '../../../shared/domain/drafts';
import { draftIssuesSummary } from '../../../shared/domain/drafts';
import type { FeedSource, FeedView } from '../../../shared/domain/feeds';
import {
  countActions,
  isApplied,
  type FeedAction,
  type FeedCounts,
  type FeedFormat,
  type FeedHold,
  type FeedMissedPhoto,
  type FeedPlanEntry,
  type FeedRun,
  type FeedSampleField,
  type FeedVariants,
} from '../../../shared/domain/feeds';
import { changeText, problemText, sheetRow } from '../import/import-words';

export type OutcomeKind = 'done' | 'failed' | 'held' | 'running' | 'waiting' | 'never';

/** Functions that word a feed's figures and codes with `t`; `dates` formats times. */
export function feedWords(t: TFunction, language: DraftLanguage, dates: DateStyle) {
  const time = (iso: string) => formatDateTime(iso, dates);
  return {
    time,
    source: (source: FeedSource) =>
      source.kind === 'file'
        ? source.path
        : source.user
          ? t('feeds.source.urlWithUser', { url: source.url, user: source.user })
          : source.url,
    schedule: (feed: Pick<FeedView, 'everyMinutes'>) =>
      feed.everyMinutes === undefined
        ? t('feeds.schedule.byHand')
        : t('feeds.schedule.every', { count: feed.everyMinutes }),
    nextRun(feed: FeedView): string {
      if (feed.everyMinutes === undefined) return t('feeds.next.byHand');
      if (!feed.approved) return t('feeds.next.afterYes');
      if (!feed.lastRunAt) return t('feeds.next.soon');
      return time(new Date(Date.parse(feed.lastRunAt) + feed.everyMinutes * 60_000).toISOString());
    },
    /** The last run's outcome (or that the first run waits for the seller). */
    outcome(feed: FeedView, running: boolean): { kind: OutcomeKind; text: string } {
      const run = feed.lastRun;
      const kind: OutcomeKind = running
        ? 'running'
        : !run
          ? feed.approved
            ? 'never'
            : 'waiting'
          : run.state === 'done' && run.failed > 0
            ? 'failed'
            : run.state;
      return { kind, text: t(`feeds.outcome.${kind}`) };
    },
    action: (action: FeedAction) => t(`feeds.action.${action}`),
    /** What a source was read as. */
    format: (format: FeedFormat) => t(`feeds.format.${format}`),
    /** One ad per group or per variant, in words. */
    variants: (variants: FeedVariants) => t(`feeds.variants.${variants}`),
    /** A sample field's value as shown: the stock read in words, any other as it became. */
    sampleValue(field: Pick<FeedSampleField, 'became' | 'value'>): string {
      if (field.became !== 'stock') return field.value;
      return t(`feeds.sample.stockValue.${field.value}`, { defaultValue: field.value });
    },
    /** What a sample item's field became: a draft field, the stock, an attribute, or left out. */
    became(field: Pick<FeedSampleField, 'became'>): string {
      if (field.became === 'left-out') return t('feeds.sample.leftOut');
      if (field.became.startsWith('attribute:'))
        return t('feeds.sample.attribute', { key: field.became.slice('attribute:'.length) });
      return t(`feeds.sample.to.${field.became}`, { defaultValue: field.became });
    },
    /** Why the plan does this to the ad, with what changes or what is wrong with the row (and a run's photos left out). */
    why(entry: FeedPlanEntry & { missedPhotos?: FeedMissedPhoto[] }): string {
      const base = t(`feeds.why.${entry.reason}`, {
        stock: entry.stock ?? '',
        category: entry.shopCategory ?? '',
      });
      const changes = entry.liveChanges?.length ? entry.liveChanges : (entry.changes ?? []);
      const details = [
        ...changes.map((change) => changeText(t, language, change)),
        ...(entry.problems ?? []).map((problem) => problemText(t, problem, language)),
        ...(entry.unknownValues ?? []).map((v) =>
          t('feeds.plan.unknownValue', { header: v.header, value: v.value }),
        ),
        ...(entry.missedPhotos ?? []).map((photo) =>
          t('feeds.history.missedPhoto', { name: photo.name, message: photo.message }),
        ),
      ];
      return details.length > 0 ? `${base} ${details.join('; ')}` : base;
    },
    /** What the draft a new row makes would lack to be published (undefined: nothing). */
    notReady(entry: FeedPlanEntry): string | undefined {
      if (!entry.notReady?.length) return undefined;
      return t('feeds.plan.notReadyRow', { missing: draftIssuesSummary(entry.notReady, language) });
    },
    hold(hold: FeedHold): string {
      switch (hold.reason) {
        case 'empty':
          return t('feeds.hold.empty');
        case 'cut-off':
          // Numbered as the spreadsheet (and the command line) shows it: the header is row 1.
          return t('feeds.hold.cut-off', {
            row: sheetRow(hold.row),
            cells: hold.cells,
            columns: hold.columns,
          });
        case 'header-changed': {
          const gone = hold.before.filter((name) => !hold.after.includes(name));
          const added = hold.after.filter((name) => !hold.before.includes(name));
          if (gone.length === 0 && added.length === 0) return t('feeds.hold.header-reordered');
          return t('feeds.hold.header-changed', {
            gone: gone.length > 0 ? gone.join(', ') : t('feeds.hold.noColumn'),
            added: added.length > 0 ? added.join(', ') : t('feeds.hold.noColumn'),
          });
        }
        case 'too-many-gone':
        case 'too-many-new':
          return t(`feeds.hold.${hold.reason}`, {
            count: hold.count,
            of: hold.of,
            share: Math.round(hold.maxShare * 100),
          });
        case 'variants-switched':
          return t('feeds.hold.variants-switched', {
            from: t(`feeds.variants.${hold.from}`),
            to: t(`feeds.variants.${hold.to}`),
            gone: hold.gone,
            created: hold.created,
            share: Math.round(hold.maxShare * 100),
          });
      }
    },
  };
}

/**
 * What a run did: its ads done, by action (a failed or not yet done ad is not counted as done);
 * rows it left unchanged, refused or waiting as the run counted them (its report lists only the ads acted on).
 */
export function runCounts(run: Pick<FeedRun, 'entries' | 'counts'>): FeedCounts {
  const done = countActions(
    run.entries.filter((entry) => isApplied(entry.action) && entry.outcome === 'done'),
  );
  return {
    ...done,
    unchanged: run.counts.unchanged,
    refused: run.counts.refused,
    wait: run.counts.wait ?? 0,
  };
}
