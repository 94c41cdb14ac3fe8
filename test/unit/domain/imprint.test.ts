// The notice's text composed from its parts (issue 26.2): blocks with a blank line between them,
// nothing for empty parts, the legal form once, and what a notice cannot do without.
import { describe, expect, it } from 'vitest';
import {
  composeImprint,
  emptyImprintFields,
  missingImprintParts,
  type ImprintLabels,
} from '../../../src/shared/domain/publishing/imprint';

const labels: ImprintLabels = {
  representedBy: 'Vertreten durch',
  phone: 'Telefon',
  email: 'E-Mail',
  registerCourt: 'Registergericht',
  registerNumber: 'Registernummer',
  vatId: 'USt-IdNr.',
};

describe('the imprint text', () => {
  it('holds each block once, with no gaps for empty parts', () => {
    const fields = {
      ...emptyImprintFields(),
      company: ' Möbelhaus Schmidt ',
      legalForm: 'GmbH',
      street: 'Industriestraße 7',
      postalCode: '12099',
      city: 'Berlin',
      representedBy: 'Anna Schmidt',
      email: 'info@example.de',
    };
    expect(composeImprint(fields, labels)).toBe(
      'Möbelhaus Schmidt GmbH\nIndustriestraße 7\n12099 Berlin\n\nVertreten durch: Anna Schmidt\nE-Mail: info@example.de',
    );
    expect(composeImprint({ ...fields, company: 'Möbelhaus Schmidt GmbH' }, labels).split('\n')[0]).toBe(
      'Möbelhaus Schmidt GmbH',
    );
    expect(composeImprint(emptyImprintFields(), labels)).toBe('');
  });

  it('names what a notice still lacks: who, where, who represents it, and one way to reach it', () => {
    expect(missingImprintParts(emptyImprintFields())).toEqual([
      'company',
      'street',
      'postalCode',
      'city',
      'representedBy',
      'contact',
    ]);
    const reachable = { ...emptyImprintFields(), phone: '030 1234567' };
    expect(missingImprintParts(reachable)).not.toContain('contact');
  });
});
