// How the import's codes read for the seller: problems of a row, a failed call, a column's target.
import type { TFunction } from 'i18next';
import type { DraftLanguage } from '../../../shared/domain/drafts';
import { draftFieldLabel, draftIssueMessage } from '../../../shared/domain/drafts';
import {
  sheetRow,
  type ImportFieldChange,
  type ImportProblem,
  type ImportTarget,
  type ImportValue,
} from '../../../shared/domain/tables';
import { formatPrice } from '../listings/format';

/** One problem of a row in plain words (with where the app looked, and the drafts' own rule). */
export function problemText(t: TFunction, problem: ImportProblem, language: DraftLanguage = 'en'): string {
  if (problem.code === 'bad-price' && !problem.value) return t('import.problem.bad-price-empty');
  return t(`import.problem.${problem.code}`, {
    value: problem.value ?? '',
    names: (problem.names ?? []).join(', '),
    looked: (problem.looked ?? []).join(', '),
    rows: (problem.rows ?? []).map(sheetRow).join(', '),
    issue: problem.issue ? draftIssueMessage(problem.issue, language, { withField: true }) : '',
  });
}

/** A changed field's value as the preview shows it. */
function valueText(t: TFunction, language: DraftLanguage, field: string, value: ImportValue): string {
  if (value === null || value === '') return t('import.preview.emptyValue');
  if (typeof value === 'boolean') return t(value ? 'import.preview.yes' : 'import.preview.no');
  if (field === 'price.amount' && typeof value === 'number') return formatPrice(value, language);
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** One change of an update, e.g. "Price: 149.00 → 139.00". */
export function changeText(t: TFunction, language: DraftLanguage, change: ImportFieldChange): string {
  return t('import.preview.change', {
    field: draftFieldLabel(change.field, language),
    before: valueText(t, language, change.field, change.before),
    after: valueText(t, language, change.field, change.after),
  });
}

/** A failed call of the wizard in plain words (main's message where it is the best there is). */
export function failureText(
  t: TFunction,
  failure: { code: string; message: string; reason?: string | undefined },
): string {
  // Reasons main names (details.reason) have their own words; then the code's. A picked file's
  // (issue 26.1) name the file in `message`; main words a file too large to hand over itself.
  const reasons = ['template-not-of-account', 'no-account', 'picked-unreadable', 'one-file'];
  if (failure.reason !== undefined && reasons.includes(failure.reason))
    return t(`import.failure.reason.${failure.reason}`, { name: failure.message });
  if (failure.reason === 'too-large') return failure.message;
  const known = ['not-found', 'invalid-input', 'unavailable'];
  return t(`import.failure.${known.includes(failure.code) ? failure.code : 'other'}`, {
    message: failure.message,
  });
}

/** The label of a column's target. */
export function targetLabel(t: TFunction, target: ImportTarget): string {
  return t(`import.target.${target}`);
}

/** A row's price as the preview shows it: the amount in the UI's language, or what it is. */
export function priceText(
  t: TFunction,
  language: string,
  price: { type?: string | undefined; amount?: number | string | null | undefined } | undefined,
): string {
  const amount = price?.amount;
  const type = price?.type;
  if (type === 'GIVE_AWAY') return t('import.preview.free');
  if (amount === null || amount === undefined || amount === '') return '';
  const shown = typeof amount === 'number' ? formatPrice(amount, language) : amount;
  return type === 'NEGOTIABLE' ? t('import.preview.negotiable', { price: shown }) : shown;
}

/** The row number a spreadsheet shows (header = row 1); shared with the log and the command line. */
export { sheetRow } from '../../../shared/domain/tables';
