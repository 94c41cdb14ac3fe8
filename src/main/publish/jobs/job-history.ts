// The job's history: what it found and did beyond its steps (a create that got no answer, a late
// listing adopted or deleted, a second publication paused), kept in its record as a key of the
// publishJob words' `history` with its values; the window words it in its language (its own
// publish.history words, the same sentences), the log gets the sentence in English.
import { mainI18n } from '../../i18n';
import type { JobHistoryEntry, JobRecord } from './job-record';

type Values = Record<string, string | number>;

/** The sentence of `entry` in `language` (the app's language when none is given). */
export function historyText(entry: Pick<JobHistoryEntry, 'key' | 'values'>, language?: string): string {
  return mainI18n.t(`publishJob:history.${entry.key}`, {
    ...entry.values,
    ...(language && { lng: language }),
  });
}

/** Adds an entry to the record's history (the caller saves) and writes it to the log. */
export function addHistory(
  record: JobRecord,
  now: Date,
  log: { info(message: string): void },
  key: string,
  values?: Values,
): void {
  const entry: JobHistoryEntry = { at: now.toISOString(), key, ...(values && { values }) };
  (record.history ??= []).push(entry);
  log.info(`Publish job ${record.id}: ${historyText(entry, 'en')}`);
}

/** The history's keys that say a duplicate the service made was removed (issue 37.5's log). */
export const DUPLICATE_REMOVED_KEYS = [
  'lateListingDeleted',
  'latePublicationPaused',
  'madeTwiceDeleted',
  'madeTwiceLeft',
] as const;

/** What the activity log says of a duplicate removed: the ad kept and the one removed, and how. */
export function duplicateRemoved(record: JobRecord, entry: JobHistoryEntry): Record<string, unknown> {
  const publication = entry.values?.['publication'];
  return {
    kept: record.listingUuid,
    ...(record.publicationUuid && { keptPublication: record.publicationUuid }),
    removed: publication ?? entry.values?.['listing'],
    what: publication === undefined ? 'listing' : 'publication',
    how: entry.key === 'latePublicationPaused' || entry.key === 'madeTwiceLeft' ? 'paused' : 'deleted',
    ...(record.snapshot.title && { title: record.snapshot.title }),
  };
}
