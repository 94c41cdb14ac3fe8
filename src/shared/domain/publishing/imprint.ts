// A commercial seller's imprint (legal notice): the parts it holds, and its text composed from them.
// The service takes the imprint as one text; the seller fills in the parts and may then edit the text.

/** The parts of a commercial seller's notice; register and VAT ID only where the business has them. */
export interface ImprintFields {
  company: string;
  legalForm: string;
  street: string;
  postalCode: string;
  city: string;
  representedBy: string;
  phone: string;
  email: string;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
}

/** The labels the text gives its lines, in the seller's language. */
export interface ImprintLabels {
  representedBy: string;
  phone: string;
  email: string;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
}

export const emptyImprintFields = (): ImprintFields => ({
  company: '',
  legalForm: '',
  street: '',
  postalCode: '',
  city: '',
  representedBy: '',
  phone: '',
  email: '',
  registerCourt: '',
  registerNumber: '',
  vatId: '',
});

/** The parts a notice cannot do without; 'contact' is a phone number or an e-mail address. */
export type ImprintPart = 'company' | 'street' | 'postalCode' | 'city' | 'representedBy' | 'contact';

/** The parts still missing from `fields`, in the form's order. */
export function missingImprintParts(fields: ImprintFields): ImprintPart[] {
  const blank = (value: string) => value.trim() === '';
  const missing: ImprintPart[] = [];
  for (const part of ['company', 'street', 'postalCode', 'city', 'representedBy'] as const)
    if (blank(fields[part])) missing.push(part);
  if (blank(fields.phone) && blank(fields.email)) missing.push('contact');
  return missing;
}

/** The company's name with its legal form, unless the name already ends with it. */
function companyLine(company: string, legalForm: string): string {
  const name = company.trim();
  const form = legalForm.trim();
  if (!form || name.toLowerCase().endsWith(form.toLowerCase())) return name;
  return `${name} ${form}`;
}

/** The notice's text: who, where, who represents it, how to reach it, register and VAT ID. */
export function composeImprint(fields: ImprintFields, labels: ImprintLabels): string {
  const line = (label: string, value: string) => (value.trim() ? `${label}: ${value.trim()}` : '');
  const blocks = [
    [
      companyLine(fields.company, fields.legalForm),
      fields.street.trim(),
      [fields.postalCode.trim(), fields.city.trim()].filter(Boolean).join(' '),
    ],
    [
      line(labels.representedBy, fields.representedBy),
      line(labels.phone, fields.phone),
      line(labels.email, fields.email),
    ],
    [
      line(labels.registerCourt, fields.registerCourt),
      line(labels.registerNumber, fields.registerNumber),
      line(labels.vatId, fields.vatId),
    ],
  ];
  // A blank line between the blocks, as printed notices have; empty parts leave no gap.
  return blocks
    .map((block) => block.filter(Boolean).join('\n'))
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The imprint the embedded Sandbox account publishes with until the seller enters one: it is a test
 * service, so a new seller can try publishing at once; the text says plainly that it is no notice.
 */
export const SANDBOX_TEST_IMPRINTS = {
  en: 'TEST IMPRINT of the built-in Sandbox (a test service): not a legal notice.',
  de: 'TEST-IMPRESSUM der eingebauten Sandbox (ein Testdienst): kein Impressum im Rechtssinn.',
} as const;

/** The Sandbox's test imprint in the app's language when it is made (the seller reads it in Settings). */
export function sandboxTestImprint(language: string): string {
  return language === 'de' ? SANDBOX_TEST_IMPRINTS.de : SANDBOX_TEST_IMPRINTS.en;
}

/** An imprint created through the service; kept locally since the spec has no way to read it back. */
export interface Imprint {
  uuid: string;
  content: string;
  createdAt: string;
}
