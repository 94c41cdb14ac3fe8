// Why a job another desk ran failed, in a notice: named as its card in Publishing names it. A chunk
// of its own (src/renderer/lazy), since the service's words are large and the tray is in every view.
import { useTranslation } from 'react-i18next';
import { serviceMessage } from '../../../shared/service-messages';
import { useMessageLanguage } from '../../components/problem-text';
import { usePublishStore, type ShownNotice } from '../../store/publish-store';

/** Why a job failed, named as its card in Publishing names it (the service's words when known). */
export function FailedReason({ notice }: { notice: ShownNotice }) {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  const error = usePublishStore((s) => s.jobs.get(notice.jobId)?.error);
  const known = error ? serviceMessage(error, language)?.title : undefined;
  return (
    <p className="small">
      {known ??
        t(`publish.problemTitle.${notice.problem ?? 'unexpected'}`, { defaultValue: notice.reason ?? '' })}
    </p>
  );
}
