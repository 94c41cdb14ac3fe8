// The editor's language for the shared draft messages (draft-messages.ts), which know 'en' and 'de'.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  draftFieldLabel,
  draftIssueMessage,
  type DraftLanguage,
} from '../../../../shared/domain/draft-messages';
import type { DraftIssue } from '../../../../shared/domain/draft-validation';

/** 'de' when the UI speaks German, else 'en'. */
export function useDraftLanguage(): DraftLanguage {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('de') ? 'de' : 'en';
}

/** Turns an issue into the words shown beside its field. */
export function useIssueText(): (issue: DraftIssue) => string {
  const language = useDraftLanguage();
  return useCallback((issue: DraftIssue) => draftIssueMessage(issue, language), [language]);
}

/** The label of a field, as the issue messages name it. */
export function useFieldLabel(): (field: string) => string {
  const language = useDraftLanguage();
  return useCallback((field: string) => draftFieldLabel(field, language), [language]);
}
