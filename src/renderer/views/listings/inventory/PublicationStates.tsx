import { useTranslation } from 'react-i18next';
import { stateMeaning } from '../../../../shared/domain/publishing';
import type { PublicationStateView } from '../../../../shared/ipc/types';
import { useJobWords } from '../../publishing/job-words';

/** The states of a listing's publications in seller words (unknown states as the service names them). */
export function PublicationStates({
  publications,
  fromJobs,
}: {
  publications: readonly PublicationStateView[];
  /** The states come from this app's jobs: a listing without one may still be published elsewhere. */
  fromJobs: boolean;
}) {
  const { t } = useTranslation();
  const words = useJobWords();
  if (publications.length === 0)
    return (
      <span className="pub-state none">
        {t(fromJobs ? 'inventory.noPublicationKnown' : 'inventory.noPublication')}
      </span>
    );
  return (
    <>
      {publications.map((publication) => {
        const meaning = stateMeaning(publication.actualState) ?? 'other';
        const asked =
          publication.requestedState !== null &&
          publication.actualState !== null &&
          publication.requestedState !== publication.actualState &&
          publication.requestedState !== 'PUBLISHED';
        return (
          <span key={publication.uuid} className={`pub-state ${meaning}`} data-testid="publication-state">
            {words.state(publication.actualState)}
            {asked && ` → ${words.state(publication.requestedState)}`}
          </span>
        );
      })}
    </>
  );
}
