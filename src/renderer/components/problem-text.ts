// Plain words for a service problem in the UI's language: the seller's sentence of its row of the
// spec's Errors table (or its token error), else the translation of its problem code, else main's
// English message. The service's own title and detail go under "Details" (ServiceDetails.tsx).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftLanguage } from '../../shared/domain/drafts';
import type { ServiceProblem } from '../../shared/ipc/types';
import { serviceMessageLine } from '../../shared/service-messages';

/** 'de' when the UI speaks German, else 'en' (the languages of the shared sentences). */
export function useMessageLanguage(): DraftLanguage {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('de') ? 'de' : 'en';
}

/** Returns a function that words a problem for the seller. */
export function useProblemText(): (problem: ServiceProblem) => string {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  return useCallback(
    (problem) => {
      const line = serviceMessageLine(problem, language);
      if (line) return line;
      const text = t(`problems.${problem.problem}`, { defaultValue: '', status: problem.status ?? '' });
      if (!text) return problem.message;
      // Where no Details are shown, the service's detail follows once, unless the words hold it.
      const detail = problem.detail?.trim();
      return detail && problem.problem !== 'http' && !text.includes(detail) ? `${text} (${detail})` : text;
    },
    [t, language],
  );
}
