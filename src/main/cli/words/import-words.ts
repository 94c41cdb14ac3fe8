// What the command line says about an import's rows: their problems (with where the app looked),
// what an update changes, and the outcome of each kind of row, in English and German.
import { draftFieldLabel, draftIssueMessage } from '../../../shared/domain/drafts';
import {
  sheetRow,
  type ImportFieldChange,
  type ImportProblem,
  type ImportValue,
} from '../../../shared/domain/tables';
import type { UiLanguage } from '../../../shared/i18n-language';
import { wordsIn } from '../../i18n';

/** A row's problems in words, e.g. "no title; photo not found (a.jpg; looked for /x/a.jpg)". */
export function importProblemsText(problems: readonly ImportProblem[], language: UiLanguage): string {
  const t = wordsIn(language, 'cli');
  return problems
    .map((problem) => {
      const words = t(`importProblem.${problem.code}`);
      if (problem.code === 'not-ready' && problem.issue)
        return `${words}: ${draftIssueMessage(problem.issue, language, { withField: true })}`;
      const details: string[] = [];
      // An attribute column's problem names its header with the value ("Farbe: Petrol").
      const what =
        problem.field === 'attribute' && problem.names?.length && problem.value !== undefined
          ? `${problem.names.join(', ')}: ${problem.value}`
          : (problem.value ?? problem.names?.join(', '));
      if (what) details.push(what);
      if (problem.rows?.length)
        details.push(
          t('importRowsAlso', { rows: problem.rows.map((r) => t('row', { index: sheetRow(r) })).join(', ') }),
        );
      if (problem.looked?.length) details.push(t('importLooked', { paths: problem.looked.join(', ') }));
      return details.length > 0 ? `${words} (${details.join('; ')})` : words;
    })
    .join('; ');
}

/** A value of a changed field as text ("(empty)" for none). */
function valueText(value: ImportValue, language: UiLanguage): string {
  const t = wordsIn(language, 'cli');
  if (value === null || value === '') return t('importEmpty');
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `“${text.slice(0, 57)}…”` : `“${text}”`;
}

/** What an update changes, e.g. "Price “149” → “139”; Photos …". */
export function changesText(changes: readonly ImportFieldChange[], language: UiLanguage): string {
  return changes
    .map(
      (c) =>
        `${draftFieldLabel(c.field, language)} ${valueText(c.before, language)} → ${valueText(c.after, language)}`,
    )
    .join('; ');
}

/** What a draft lacks to be published, in the drafts' own words ("Price: This field is required. …"). */
export function notReadyText(problems: readonly ImportProblem[], language: UiLanguage): string {
  return problems
    .flatMap((p) => (p.issue ? [draftIssueMessage(p.issue, language, { withField: true })] : []))
    .join(' ');
}
