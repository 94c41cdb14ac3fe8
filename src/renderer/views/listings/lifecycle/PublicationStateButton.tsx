import { useTranslation } from 'react-i18next';
import type { PublicationView } from '../../../../shared/domain/live';
import { useRoleGate } from '../../../components/RoleGate';
import { FailureNote } from './FailureNote';
import { useLifecycleStore } from './lifecycle-store';

// Paused as asked, or (for a service that reports no request) as it is.
function isPaused(publication: PublicationView): boolean {
  return (
    publication.requestedState === 'PAUSED' ||
    (publication.requestedState === null && publication.actualState === 'PAUSED')
  );
}

/** Pause or Resume for one publication; a service that does not offer it is said beside the button. */
export function PublicationStateButton({ publication }: { publication: PublicationView }) {
  const { t } = useTranslation();
  const busy = useLifecycleStore((s) => s.busy[publication.uuid]);
  const failure = useLifecycleStore((s) => s.failures[publication.uuid]);
  const paused = isPaused(publication);
  const state = paused ? 'RESUMED' : 'PAUSED';
  const word = paused ? 'resume' : 'pause';
  const failureId = `lifecycle-failure-${publication.uuid}`;
  const gate = useRoleGate('pause');
  return (
    <>
      {gate.wrap(
        <button
          type="button"
          onClick={gate.guard(() =>
            useLifecycleStore
              .getState()
              .setPublicationState(publication.listingUuid, publication.uuid, state),
          )}
          disabled={busy !== undefined}
          aria-label={
            publication.adId === null
              ? undefined
              : t(`lifecycle.state.${word}Label`, { adId: publication.adId })
          }
          {...gate.control(failure ? failureId : undefined)}
        >
          {busy === undefined
            ? t(`lifecycle.state.${word}`)
            : t(busy === 'PAUSED' ? 'lifecycle.state.pausing' : 'lifecycle.state.resuming')}
        </button>,
      )}
      {failure && <FailureNote failure={failure} kind="state" id={failureId} />}
    </>
  );
}
