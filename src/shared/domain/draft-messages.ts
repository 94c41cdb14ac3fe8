// The words beside a draft's fields, in English and German, for every DraftIssueCode. Placeholders
// are i18next's ({{max, number}} uses its built-in number format), so the renderer can merge these
// into its resources; `draftIssueMessage` renders them where no i18next runs (logs, tests, main).
import type { DraftIssue, DraftIssueCode } from './draft-validation';

export type DraftLanguage = 'en' | 'de';

export const draftMessages: Record<DraftLanguage, Record<DraftIssueCode, string>> = {
  en: {
    required: 'This field is required.',
    'too-long': 'Too long: {{length, number}} characters; at most {{max, number}} are allowed.',
    'too-many': 'Too many: {{found, number}}; at most {{max, number}} are allowed.',
    'category-invalid':
      'Enter the category as names separated by “/”, e.g. Elektronik/Handys, with no empty name.',
    'price-not-a-number': 'Enter the price as a number of euros, e.g. 12 or 12,50.',
    'price-negative': 'The price cannot be negative. Enter 0 or more.',
    'price-decimals': 'Use at most {{max}} decimal places (cents).',
    'email-invalid': 'Enter a complete e-mail address, e.g. name@example.de.',
    'attribute-key-empty': 'An attribute has no name. Give it a name or remove it.',
    'attribute-value-required': 'Enter a value for “{{key}}” or remove the attribute.',
    'postal-code-invalid': 'Enter a German postal code of five digits, e.g. 10115.',
    'radius-invalid': 'Enter the radius as a whole number of kilometres, {{min}} or more.',
    'no-photos': 'Add at least one photo.',
  },
  de: {
    required: 'Dieses Feld ist erforderlich.',
    'too-long': 'Zu lang: {{length, number}} Zeichen; erlaubt sind höchstens {{max, number}}.',
    'too-many': 'Zu viele: {{found, number}}; erlaubt sind höchstens {{max, number}}.',
    'category-invalid':
      'Geben Sie die Kategorie als durch „/“ getrennte Namen ein, z. B. Elektronik/Handys, ohne leeren Namen.',
    'price-not-a-number': 'Geben Sie den Preis als Zahl in Euro ein, z. B. 12 oder 12,50.',
    'price-negative': 'Der Preis darf nicht negativ sein. Geben Sie 0 oder mehr ein.',
    'price-decimals': 'Höchstens {{max}} Nachkommastellen (Cent).',
    'email-invalid': 'Geben Sie eine vollständige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    'attribute-key-empty': 'Ein Merkmal hat keinen Namen. Geben Sie ihm einen Namen oder entfernen Sie es.',
    'attribute-value-required': 'Geben Sie einen Wert für „{{key}}“ ein oder entfernen Sie das Merkmal.',
    'postal-code-invalid': 'Geben Sie eine fünfstellige deutsche Postleitzahl ein, z. B. 10115.',
    'radius-invalid': 'Geben Sie den Umkreis als ganze Zahl in Kilometern ein, mindestens {{min}}.',
    'no-photos': 'Fügen Sie mindestens ein Foto hinzu.',
  },
};

/** Names of the fields an issue can point at, for messages away from the field (e.g. a summary). */
export const draftFieldLabels: Record<DraftLanguage, Record<string, string>> = {
  en: {
    title: 'Title',
    category: 'Category',
    description: 'Description',
    attributes: 'Attributes',
    adType: 'Ad type',
    'price.type': 'Price type',
    'price.amount': 'Price',
    email: 'E-mail',
    phoneNumber: 'Phone',
    customReference: 'Your reference',
    contactPerson: 'Contact person',
    'publication.street': 'Street',
    'publication.postalCode': 'Postal code',
    'publication.city': 'City',
    'publication.district': 'District',
    'publication.availabilityRadiusInKm': 'Radius (km)',
    'publication.imprintUuid': 'Imprint',
    photos: 'Photos',
  },
  de: {
    title: 'Titel',
    category: 'Kategorie',
    description: 'Beschreibung',
    attributes: 'Merkmale',
    adType: 'Anzeigentyp',
    'price.type': 'Preisart',
    'price.amount': 'Preis',
    email: 'E-Mail',
    phoneNumber: 'Telefon',
    customReference: 'Ihre Referenz',
    contactPerson: 'Ansprechpartner',
    'publication.street': 'Straße',
    'publication.postalCode': 'Postleitzahl',
    'publication.city': 'Ort',
    'publication.district': 'Ortsteil',
    'publication.availabilityRadiusInKm': 'Umkreis (km)',
    'publication.imprintUuid': 'Impressum',
    photos: 'Fotos',
  },
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
