// What a job found and did beyond its steps (issue 36.1: answers the service gave late): a listing
// the service made twice and the job could not delete, with one click to end it, and the job's
// history, folded away under its count.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublishJobView } from '../../../shared/domain/publishing';
import { usePublishStore } from '../../store/publish-store';
import { useJobWords } from './job-words';

/** The listings made twice, each with its button to end it. */
function MadeTwice({ job }: { job: PublishJobView }) {
  const { t } = useTranslation();
  const [ending, setEnding] = useState<string | null>(null);
  const twice = job.madeTwice ?? [];
  if (twice.length === 0) return null;
  const end = async (listingUuid: string) => {
    setEnding(listingUuid);
    await usePublishStore.getState().endTwice(job.id, listingUuid);
    setEnding(null);
  };
  return (
    <div className="job-error" role="alert" data-testid="job-made-twice">
      <p>
        <strong>{t('publish.madeTwice.title')}</strong>
      </p>
      {twice.map((listingUuid) => (
        <p key={listingUuid} className="job-made-twice">
          <span>{t('publish.madeTwice.text', { listing: listingUuid })}</span>{' '}
          <button type="button" disabled={ending === listingUuid} onClick={() => void end(listingUuid)}>
            {ending === listingUuid ? t('publish.madeTwice.ending') : t('publish.madeTwice.end')}
          </button>
        </p>
      ))}
    </div>
  );
}

/** The job's history, oldest first, under a summary that opens it. */
export function JobHistory({ job }: { job: PublishJobView }) {
  const { t } = useTranslation();
  const words = useJobWords();
  const history = job.history ?? [];
  return (
    <>
      <MadeTwice job={job} />
      {history.length > 0 && (
        <details className="job-history" data-testid="job-history">
          <summary>{t('publish.historyTitle', { count: history.length })}</summary>
          <ol>
            {history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at}>{words.time(entry.at)}</time>{' '}
                {t(`publish.history.${entry.key}`, { ...entry.values, defaultValue: entry.key })}
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
