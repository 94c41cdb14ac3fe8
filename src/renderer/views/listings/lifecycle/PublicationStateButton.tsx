import { useTranslation } from 'react-i18next';
import type { PublicationView } from '../../../../shared/domain/live';
import { useRoleGate } from '../../../components/RoleGate';
import { useAsksForLive } from '../../../store/approvals-store';
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
  // Issue 37.4: a desk that must ask (prepare, or the owner's rule) asks another desk instead.
  const asks = useAsksForLive();
  const asked = useLifecycleStore((s) => s.asked[publication.uuid]);
  const gate = useRoleGate('pause', !asks);
  return (
    <>
      {gate.wrap(
        <button
          type="button"
          onClick={gate.guard(() =>
            asks
              ? useLifecycleStore.getState().ask(publication.uuid, {
                  kind: 'pause',
                  listing: publication.listingUuid,
                  publication: publication.uuid,
                  state,
                })
              : useLifecycleStore
                  .getState()
                  .setPublicationState(publication.listingUuid, publication.uuid, state),
          )}
          disabled={busy !== undefined}
          aria-label={
            publication.adId === null
              ? undefined
              : t(asks ? `lifecycle.ask.${word}Label` : `lifecycle.state.${word}Label`, {
                  adId: publication.adId,
                })
          }
          {...gate.control(failure ? failureId : undefined)}
        >
          {busy !== undefined
            ? t(busy === 'PAUSED' ? 'lifecycle.state.pausing' : 'lifecycle.state.resuming')
            : asks
              ? t(`lifecycle.ask.${word}`)
              : t(`lifecycle.state.${word}`)}
        </button>,
      )}
      {asked && (
        <span className="muted small" role="status" data-testid="lifecycle-asked">
          {t('lifecycle.ask.asked')}
        </span>
      )}
      {failure && <FailureNote failure={failure} kind="state" id={failureId} />}
    </>
  );
}
