// The editor's language for the shared draft messages (draft-messages.ts), which know 'en' and 'de'.
import { useCallback } from 'react';
import { draftFieldLabel, draftIssueMessage } from '../../../../shared/domain/drafts';
import type { DraftIssue } from '../../../../shared/domain/drafts';
import { useMessageLanguage } from '../../../components/problem-text';

/** 'de' when the UI speaks German, else 'en' (the languages of the shared draft messages). */
export const useDraftLanguage = useMessageLanguage;

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
