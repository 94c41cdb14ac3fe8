// Plain words for a service problem in the UI's language; main's English message is the fallback
// for a problem the translations do not know.
import { useTranslation } from 'react-i18next';
import type { ServiceProblem } from '../../shared/ipc/types';

/** Returns a function that words a problem for the seller. */
export function useProblemText(): (problem: ServiceProblem) => string {
  const { t } = useTranslation();
  return (problem) => {
    const text = t(`problems.${problem.problem}`, { defaultValue: '', status: problem.status ?? '' });
    if (!text) return problem.message;
    return problem.detail && problem.problem !== 'http' ? `${text} (${problem.detail})` : text;
  };
}
