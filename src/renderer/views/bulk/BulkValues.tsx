import { useTranslation } from 'react-i18next';
import type { BulkChange, BulkRowPlan } from '../../../shared/domain/bulk';
import { draftIssueMessage } from '../../../shared/domain/drafts';
import { useMessageLanguage, useProblemText } from '../../components/problem-text';

const LONG = 90;

/** A value of the preview as the seller reads it: prices in euros, long texts by their end. */
export function useValueText(): (change: BulkChange, value: string | null) => string {
  const { t, i18n } = useTranslation();
  return (change, value) => {
    if (value === null) return t(change.beforeUnknown ? 'bulk.unknownBefore' : 'bulk.empty');
    if (change.field === 'price')
      return new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(
        Number(value),
      );
    const flat = value.replace(/\s+/g, ' ').trim();
    // Where a block was added at the end, the end is what differs.
    return flat.length > LONG ? `…${flat.slice(-LONG)}` : flat;
  };
}

/** The name of a changed field. */
export function useFieldName(): (change: BulkChange) => string {
  const { t } = useTranslation();
  return (change) => t(`bulk.fields.${change.field}`, { name: change.name ?? '' });
}

/** Why a row is left out, or "No change". */
export function useRowNote(): (row: BulkRowPlan) => string {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  const problemText = useProblemText();
  return (row) => {
    if (row.failure) return t('bulk.reasons.read-failed', { message: problemText(row.failure) });
    if (row.outcome === 'same') return t('bulk.same');
    if (!row.reason) return '';
    const issues = (row.issues ?? []).map((issue) => draftIssueMessage(issue, language)).join(' ');
    return t(`bulk.reasons.${row.reason}`, { issues });
  };
}
