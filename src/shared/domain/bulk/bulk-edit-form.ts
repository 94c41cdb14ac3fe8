// The "Change…" dialog's form as typed, and the edit it makes (or why it cannot yet). Pure, so the
// renderer and the tests share it.
import type { BulkEdit, BulkEditKind, PriceRounding } from './bulk-edit';
import { readPriceText } from '../drafts';

/** Every field of the form, as typed. */
export interface BulkForm {
  kind: Exclude<BulkEditKind, 'request'>;
  priceMode: 'set' | 'percent';
  priceValue: string;
  rounding: PriceRounding;
  email: string;
  phoneNumber: string;
  contactPerson: string;
  imprintUuid: string;
  street: string;
  city: string;
  district: string;
  postalCode: string;
  radius: string;
  attributeName: string;
  attributeValue: string;
  attributeRemove: boolean;
  descriptionMode: 'append' | 'replace';
  block: string;
  find: string;
  /** The category picked (or typed), and for a kind the attribute it sets. */
  categoryPath: string;
  categoryAttribute: { key: string; value: string } | null;
}

export const emptyBulkForm: BulkForm = {
  kind: 'price',
  priceMode: 'percent',
  priceValue: '',
  rounding: 'none',
  email: '',
  phoneNumber: '',
  contactPerson: '',
  imprintUuid: '',
  street: '',
  city: '',
  district: '',
  postalCode: '',
  radius: '',
  attributeName: '',
  attributeValue: '',
  attributeRemove: false,
  descriptionMode: 'append',
  block: '',
  find: '',
  categoryPath: '',
  categoryAttribute: null,
};

/** A number as a seller types it ("19,99", "-10", "+5"); null when it is none. */
export function typedNumber(text: string): number | null {
  const trimmed = text.replace(/[€%\s]/g, '').replace(',', '.');
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The edit the form describes, or the locale key of what is missing. */
export function editOf(form: BulkForm): { edit: BulkEdit } | { missing: string } {
  const some = (fields: Record<string, string>) => {
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
    return Object.keys(given).length > 0 ? given : null;
  };
  switch (form.kind) {
    case 'price': {
      // A new price is read as the editor reads one ("1.249" is 1249 €); a percentage is a number.
      if (form.priceMode === 'set') {
        const price = readPriceText(form.priceValue);
        if (!price.ok || price.amount === null) return { missing: 'bulk.needPrice' };
        return { edit: { kind: 'price', mode: 'set', value: price.amount, rounding: form.rounding } };
      }
      const value = typedNumber(form.priceValue);
      if (value === null || value < -100) return { missing: 'bulk.needNumber' };
      return { edit: { kind: 'price', mode: form.priceMode, value, rounding: form.rounding } };
    }
    case 'contact': {
      const given = some({
        email: form.email,
        phoneNumber: form.phoneNumber,
        contactPerson: form.contactPerson,
      });
      return given ? { edit: { kind: 'contact', ...given } } : { missing: 'bulk.needSomething' };
    }
    case 'imprint':
      return { edit: { kind: 'imprint', imprintUuid: form.imprintUuid } };
    case 'location': {
      const given = some({
        street: form.street,
        city: form.city,
        district: form.district,
        postalCode: form.postalCode,
      });
      const radius = form.radius.trim() === '' ? null : typedNumber(form.radius);
      if (form.radius.trim() !== '' && (radius === null || !Number.isInteger(radius) || radius < 1))
        return { missing: 'bulk.needNumber' };
      if (!given && radius === null) return { missing: 'bulk.needSomething' };
      return {
        edit: { kind: 'location', ...given, ...(radius !== null && { availabilityRadiusInKm: radius }) },
      };
    }
    case 'attribute':
      if (form.attributeName.trim() === '') return { missing: 'bulk.needName' };
      return {
        edit: {
          kind: 'attribute',
          name: form.attributeName.trim(),
          value: form.attributeRemove ? null : form.attributeValue,
        },
      };
    case 'category':
      if (form.categoryPath.trim() === '') return { missing: 'bulk.needCategory' };
      return {
        edit: {
          kind: 'category',
          path: form.categoryPath.trim(),
          ...(form.categoryAttribute && { attribute: form.categoryAttribute }),
        },
      };
    case 'description':
      if (form.block.trim() === '' && form.descriptionMode === 'append')
        return { missing: 'bulk.needSomething' };
      return {
        edit: {
          kind: 'description',
          mode: form.descriptionMode,
          block: form.block,
          ...(form.descriptionMode === 'replace' && { find: form.find }),
        },
      };
  }
}
