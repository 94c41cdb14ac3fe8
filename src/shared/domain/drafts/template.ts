// Draft templates (issue 17): what a shop's ads of one kind share (category, attributes, description,
// ad and price type, buy now, location), saved from a draft and kept per account. A new draft or an
// imported row starts from one through `applyTemplate`.
import { z } from 'zod';
import type { Draft, DraftInit } from './draft';
import { priceRuleSchema } from '../price-rules';

/** Version of the stored templates file of an account. */
export const TEMPLATES_VERSION = 1;

const shortText = z.string().max(10_000);
const longText = z.string().max(1_000_000);

/** A template's name as the seller types it. */
export const templateNameSchema = z.string().trim().min(1, 'Give the template a name.').max(200);

export const draftTemplateSchema = z.object({
  id: z.guid(),
  accountId: z.string().max(200),
  name: templateNameSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  category: shortText,
  attributes: z.record(shortText, shortText),
  description: longText,
  adType: shortText,
  priceType: shortText,
  buyNow: z.boolean().nullable(),
  publication: z.object({
    street: shortText,
    city: shortText,
    district: shortText.nullable(),
    postalCode: shortText,
    availabilityRadiusInKm: z.union([z.number(), z.string().max(100)]).nullable(),
    imprintUuid: shortText.nullable(),
  }),
  /** Drafts made from the template get this price rule (issue 25.5); absent on older templates. */
  priceRule: priceRuleSchema.nullable().optional(),
});
export type DraftTemplate = z.infer<typeof draftTemplateSchema>;

/** The stored file of an account's templates. */
export const templatesFileSchema = z.object({
  version: z.literal(TEMPLATES_VERSION),
  templates: z.array(draftTemplateSchema).max(10_000),
});
export type TemplatesFile = z.infer<typeof templatesFileSchema>;

/** A template of `draft`'s shared fields (not its title, price amount, contact data or photos). */
export function templateFromDraft(
  draft: Draft,
  { id, name, accountId, now }: { id: string; name: string; accountId: string; now: Date },
): DraftTemplate {
  const at = now.toISOString();
  return {
    id,
    accountId,
    name: name.trim(),
    createdAt: at,
    updatedAt: at,
    category: draft.category,
    attributes: { ...draft.attributes },
    description: draft.description,
    adType: draft.adType,
    priceType: draft.price.type,
    buyNow: draft.buyNow,
    publication: { ...draft.publication },
    priceRule: draft.priceRule?.rule ?? null,
  };
}

const filled = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * `draft` with the template's fields over it: every field the template fills replaces the draft's,
 * attributes are merged (the template's win), and what the template leaves empty keeps the draft's.
 * Pure: works on a stored draft and on the partial start of one (a new draft, an imported row).
 */
export function applyTemplate<D extends DraftInit>(draft: D, template: DraftTemplate): D {
  const place = template.publication;
  const radius = place.availabilityRadiusInKm;
  return {
    ...draft,
    ...(filled(template.category) && { category: template.category }),
    attributes: { ...draft.attributes, ...template.attributes },
    ...(filled(template.description) && { description: template.description }),
    ...(filled(template.adType) && { adType: template.adType }),
    ...(filled(template.priceType) && { price: { ...draft.price, type: template.priceType } }),
    ...(template.buyNow !== null && { buyNow: template.buyNow }),
    publication: {
      ...draft.publication,
      ...(filled(place.street) && { street: place.street }),
      ...(filled(place.city) && { city: place.city }),
      ...(filled(place.district) && { district: place.district }),
      ...(filled(place.postalCode) && { postalCode: place.postalCode }),
      ...(radius !== null && radius !== '' && { availabilityRadiusInKm: radius }),
      ...(filled(place.imprintUuid) && { imprintUuid: place.imprintUuid }),
    },
    ...(template.priceRule && { priceRule: { rule: template.priceRule, origin: 'template' as const } }),
  };
}

/** Templates by name, as the seller finds them in a list. */
export function sortTemplates(templates: readonly DraftTemplate[]): DraftTemplate[] {
  return [...templates].sort(
    (a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt),
  );
}
