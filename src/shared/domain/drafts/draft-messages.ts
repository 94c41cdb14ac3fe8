// The words beside a draft's fields, in English and German, for every DraftIssueCode. Placeholders
// are i18next's ({{max, number}} uses its built-in number format), so the renderer can merge these
// into its resources; `draftIssueMessage` renders them where no i18next runs (logs, tests, main).
// The words live in the locale files (i18n/locales/{en,de}.draft.json), imported with their type
// named, since Node's own loader (Playwright's tests load the domain through its index) wants it.
import de from '../../i18n/locales/de.draft.json' with { type: 'json' };
import en from '../../i18n/locales/en.draft.json' with { type: 'json' };
import type { DraftLanguage } from './draft-language';
import type { DraftIssue, DraftIssueCode } from './draft-validation';

export const draftMessages: Record<DraftLanguage, Record<DraftIssueCode, string>> = {
  en: en.issue,
  de: de.issue,
};

/** Names of the fields an issue can point at, for messages away from the field (e.g. a summary). */
export const draftFieldLabels: Record<DraftLanguage, Record<string, string>> = {
  en: en.field,
  de: de.field,
};

/** The label of an issue's field; an attribute is named by its key. */
export function draftFieldLabel(field: string, language: DraftLanguage): string {
  const labels = draftFieldLabels[language];
  if (field.startsWith('attributes.')) return `${labels.attributes}: ${field.slice('attributes.'.length)}`;
  return labels[field] ?? field;
}

/** Fills `{{name}}` and `{{name, number}}` placeholders the way i18next does. */
export function fillPlaceholders(
  template: string,
  params: Record<string, string | number> = {},
  language: DraftLanguage = 'en',
): string {
  const numbers = new Intl.NumberFormat(language);
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return format === 'number' && typeof value === 'number' ? numbers.format(value) : String(value);
  });
}

/** The message for an issue, e.g. "Price: The price cannot be negative. Enter 0 or more." */
export function draftIssueMessage(
  issue: DraftIssue,
  language: DraftLanguage,
  { withField = false }: { withField?: boolean } = {},
): string {
  const text = fillPlaceholders(draftMessages[language][issue.code], issue.params, language);
  return withField ? `${draftFieldLabel(issue.field, language)}: ${text}` : text;
}
