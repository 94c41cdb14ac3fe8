import { describe, expect, it } from 'vitest';
import {
  draftFieldLabel,
  draftIssueMessage,
  draftMessages,
  fillPlaceholders,
} from '../../../src/shared/domain/drafts/draft-messages';
import { validateDraft, type DraftIssueCode } from '../../../src/shared/domain/drafts/draft-validation';
import { draftId, sampleDraft } from '../../fixtures/drafts';

// Every code the union allows; the compiler checks this list against DraftIssueCode.
const codes = {
  required: true,
  'too-long': true,
  'too-many': true,
  'category-invalid': true,
  'price-not-a-number': true,
  'price-negative': true,
  'price-decimals': true,
  'price-too-high': true,
  'price-fixed-zero': true,
  'email-invalid': true,
  'attribute-key-empty': true,
  'attribute-value-required': true,
  'postal-code-invalid': true,
  'radius-invalid': true,
  'no-photos': true,
} satisfies Record<DraftIssueCode, true>;

describe('draft messages', () => {
  it('has an English and a German text for every issue code, and no others', () => {
    for (const language of ['en', 'de'] as const) {
      expect(Object.keys(draftMessages[language]).sort()).toEqual(Object.keys(codes).sort());
      for (const text of Object.values(draftMessages[language])) expect(text.trim()).not.toBe('');
    }
    expect(draftMessages.de.required).not.toBe(draftMessages.en.required);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    for (const code of Object.keys(codes) as DraftIssueCode[]) {
      expect(placeholders(draftMessages.de[code]), code).toEqual(placeholders(draftMessages.en[code]));
    }
  });

  it('says how long a 100,000-character description is and how long it may be, in each language', () => {
    const [issue] = validateDraft(sampleDraft(draftId(1), { description: 'x'.repeat(100_000) }));
    expect(draftIssueMessage(issue!, 'en')).toBe('Too long: 100,000 characters; at most 20,000 are allowed.');
    expect(draftIssueMessage(issue!, 'de')).toBe('Zu lang: 100.000 Zeichen; erlaubt sind höchstens 20.000.');
  });

  it('says in each language why a fixed price of 0 € is not ready, and the way to give away', () => {
    const [issue, ...more] = validateDraft(
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '0,00' } }),
    );
    expect(more).toEqual([]);
    expect(draftIssueMessage(issue!, 'en', { withField: true })).toBe(
      'Price: A fixed price of €0 offers the item for nothing. Enter the price buyers pay; to give the item away, choose the price type “Give away” where the service offers it.',
    );
    expect(draftIssueMessage(issue!, 'de', { withField: true })).toBe(
      'Preis: Ein Festpreis von 0 € bietet den Artikel umsonst an. Geben Sie den Preis ein, den Käufer zahlen; zum Verschenken wählen Sie die Preisart „Zu verschenken“, wo der Dienst sie anbietet.',
    );
  });

  it('names the largest price taken in each language', () => {
    const [issue] = validateDraft(
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '1.000.000.000' } }),
    );
    expect(draftIssueMessage(issue!, 'en')).toBe(
      'Prices above 100,000,000 euros are not taken. Check the number.',
    );
    expect(draftIssueMessage(issue!, 'de')).toBe(
      'Preise über 100.000.000 Euro werden nicht angenommen. Prüfen Sie die Zahl.',
    );
  });

  it('names the field when asked, attributes by their key', () => {
    const [issue] = validateDraft(sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '-1' } }));
    expect(draftIssueMessage(issue!, 'de', { withField: true })).toBe(
      'Preis: Der Preis darf nicht negativ sein. Geben Sie 0 oder mehr ein.',
    );
    expect(draftFieldLabel('attributes.condition', 'en')).toBe('Attributes: condition');
    expect(
      draftIssueMessage(
        { field: 'attributes.versand', code: 'attribute-value-required', params: { key: 'versand' } },
        'en',
      ),
    ).toBe('Enter a value for “versand” or remove the attribute.');
  });

  it('fills every placeholder of every issue the rules produce', () => {
    const d = sampleDraft(draftId(1));
    const drafts = [
      sampleDraft(draftId(1), { title: '', description: 'x'.repeat(30_000), category: 'a//b', email: 'x' }),
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '1,2345' }, photos: [] }),
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '123.456.789' } }),
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '0' } }),
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: '-1' } }),
      sampleDraft(draftId(1), { price: { type: 'FIXED', amount: 'abc' } }),
      sampleDraft(draftId(1), { attributes: { '': 'x', art: '' } }),
      sampleDraft(draftId(1), {
        attributes: Object.fromEntries(Array.from({ length: 60 }, (_, n) => [`k${n}`, 'v'])),
      }),
      sampleDraft(draftId(1), {
        publication: { ...d.publication, postalCode: '1', availabilityRadiusInKm: -1 },
      }),
    ];
    const seen = new Set<string>();
    for (const draft of drafts) {
      for (const issue of validateDraft(draft)) {
        seen.add(issue.code);
        for (const language of ['en', 'de'] as const) {
          expect(draftIssueMessage(issue, language, { withField: true })).not.toContain('{{');
        }
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(codes).sort());
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(fillPlaceholders('a {{b}} c', {})).toBe('a {{b}} c');
  });
});
