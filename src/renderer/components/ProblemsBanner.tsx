import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppProblem } from '../../shared/ipc/types';
import { subscribe } from '../ipc/client';
import { useProblemsStore } from '../store/problems-store';
import './problems-banner.css';

function ProblemItem({ problem }: { problem: AppProblem }) {
  const { t } = useTranslation();
  const dismiss = useProblemsStore((s) => s.dismiss);
  const params = { file: problem.file, movedAside: problem.movedAside };
  const headingId = `problem-${problem.id.replace(/[^\w-]/g, '_')}`;
  return (
    <li className="problem" aria-labelledby={headingId}>
      <div className="problem-text">
        <strong id={headingId}>{t(`storage.problems.kind.${problem.kind}.what`, params)}</strong>{' '}
        <span>{t(`storage.problems.kind.${problem.kind}.kept`, params)}</span>{' '}
        <span className="problem-where">{t('storage.problems.movedTo', params)}</span>
      </div>
      <button type="button" onClick={() => void dismiss(problem.id)} aria-describedby={headingId}>
        {t('storage.problems.dismiss')}
      </button>
    </li>
  );
}

/** The files main could not read and moved aside, each with a Dismiss button, until dismissed. */
export function ProblemsBanner() {
  const { t } = useTranslation();
  const problems = useProblemsStore((s) => s.problems);
  const error = useProblemsStore((s) => s.error);

  useEffect(() => {
    const off = subscribe('app:problems-changed', ({ problems }) =>
      useProblemsStore.getState().set(problems),
    );
    // After subscribing, so that no problem found meanwhile is missed.
    void useProblemsStore.getState().load();
    return off;
  }, []);

  if (problems.length === 0 && !error) return null;
  return (
    <section className="problems-banner" role="alert" aria-label={t('storage.problems.label')}>
      <ul>
        {problems.map((problem) => (
          <ProblemItem key={problem.id} problem={problem} />
        ))}
      </ul>
      {error && <p className="problem-error">{t('storage.problems.dismissFailed', { message: error })}</p>}
    </section>
  );
}
