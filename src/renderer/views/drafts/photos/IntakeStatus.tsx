// What the intake is doing: "Adding photos: 12 of 50" with a bar while batches run, the files that
// were not added (each with its reason) until dismissed, and a spoken summary of each batch.
import { useTranslation } from 'react-i18next';
import type { PhotoRefusal } from '../../../../shared/ipc/types';
import { useRefusalText } from './refusal-text';
import type { BatchSummary, IntakeProgressView } from './use-photo-intake';

interface IntakeStatusProps {
  progress: IntakeProgressView | null;
  refusals: PhotoRefusal[];
  last: BatchSummary | null;
  onDismiss(): void;
}

function Progress({ progress }: { progress: IntakeProgressView }) {
  const { t } = useTranslation();
  const { done, total } = progress;
  return (
    <div className="photo-progress">
      <span id="photo-progress-text">
        {total === null ? t('photos.progress.counting') : t('photos.progress.text', { done, total })}
      </span>
      <progress
        aria-labelledby="photo-progress-text"
        max={total ?? undefined}
        value={total === null ? undefined : done}
      />
    </div>
  );
}

function Summary({ last }: { last: BatchSummary }) {
  const { t } = useTranslation();
  const added = t('photos.summary.added', { count: last.added });
  return last.refused > 0 ? `${added} ${t('photos.summary.refused', { count: last.refused })}` : added;
}

/** Progress, refusals and the spoken summary of the photo intake. */
export function IntakeStatus({ progress, refusals, last, onDismiss }: IntakeStatusProps) {
  const { t } = useTranslation();
  const text = useRefusalText();
  return (
    <>
      {progress && <Progress progress={progress} />}
      <p className="photos-sr-only" role="status">
        {progress ? t('photos.progress.started') : last ? <Summary last={last} /> : null}
      </p>
      {refusals.length > 0 && (
        <section className="photo-refusals" aria-labelledby="photo-refusals-title">
          <div className="photo-refusals-head">
            <h4 id="photo-refusals-title">{t('photos.refusals.title', { count: refusals.length })}</h4>
            <button type="button" onClick={onDismiss}>
              {t('photos.refusals.dismiss')}
            </button>
          </div>
          <ul>
            {refusals.map((refusal, i) => (
              <li key={i}>{text(refusal)}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
