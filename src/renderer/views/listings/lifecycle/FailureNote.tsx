import { useTranslation } from 'react-i18next';
import { useProblemText } from '../../../components/problem-text';
import { ServiceDetails } from '../../../components/ServiceDetails';
import type { LifecycleFailure } from './lifecycle-store';

/** The words for a failed delete, pause or resume: "not offered" in plain words, else the problem's. */
export function useFailureText(): (failure: LifecycleFailure, kind: 'delete' | 'state') => string {
  const { t } = useTranslation();
  const problemText = useProblemText();
  return (failure, kind) => {
    if (failure.problem === 'not-offered') return t(`lifecycle.notOffered.${kind}`);
    if (failure.problem === null) return failure.message;
    return problemText({ ...failure, problem: failure.problem });
  };
}

/** A failure shown next to the button it belongs to, with the service's own words under Details. */
export function FailureNote({
  failure,
  kind,
  id,
}: {
  failure: LifecycleFailure;
  kind: 'delete' | 'state';
  id?: string;
}) {
  const text = useFailureText();
  return (
    <div className="lifecycle-failure" role="alert" id={id}>
      <span>{text(failure, kind)}</span>
      <ServiceDetails status={failure.status} title={failure.title} detail={failure.detail} />
    </div>
  );
}
