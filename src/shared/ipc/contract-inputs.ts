// The inputs of Settings and of an account as main validates them (part of the IPC contract,
// contract.ts re-exports them): language, theme, photo and publishing choices, an account and its
// defaults for new drafts.
import { z } from 'zod';
import { patternProblem } from '../domain/live';
import { segmentIdSchema } from './input-schemas';

export const languageSchema = z.enum(['system', 'de', 'en']);
export const themeSchema = z.enum(['system', 'light', 'dark']);
/** The longest edge photos are scaled down to at intake (the choices Settings offers). */
export const photoMaxEdges = [1600, 2048, 3000, 4096, 6000, 8192] as const;
export const photoMaxEdgeSchema = z
  .int()
  .refine((edge) => (photoMaxEdges as readonly number[]).includes(edge), {
    message: `must be one of ${photoMaxEdges.join(', ')}`,
  });

/**
 * How many drafts are published at once ('auto': as many as the account's service takes calls at
 * once, which follows its limits), and how many photos are uploaded at once across them.
 */
export const publishDraftsSchema = z.union([z.literal('auto'), z.int().min(1).max(16)]);
export const publishUploadsSchema = z.int().min(1).max(32);

// Every id the renderer sends may end up in a service path or a file name.
const id = segmentIdSchema;
const serviceUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'Enter a full address starting with https:// (or http://).',
  });

export const authSchemeSchema = z.enum(['auto', 'bearer', 'bare']);

/** A new account (no id) or changes to one; the secret is optional and only ever travels inward. */
export const accountInputSchema = z
  .object({
    id: id.optional(),
    name: z.string().trim().min(1, 'Give the account a name.').max(80),
    authUrl: serviceUrl.optional(),
    baseUrl: serviceUrl.optional(),
    clientId: z.string().trim().min(1, 'Enter the client ID.').max(200).optional(),
    authScheme: authSchemeSchema.optional(),
    secret: z.string().min(1).max(4096).optional(),
    // Issue 15 (inventory): the marketplace address of an ad, '' for none.
    marketplaceUrlPattern: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => patternProblem(value) === null, {
        message: 'Enter an https:// address that contains {adId}, or leave it empty.',
      })
      .optional(),
  })
  .strict();

const text = (max: number) => z.string().max(max);

export const accountDefaultsSchema = z
  .object({
    email: text(320),
    phoneNumber: text(100),
    contactPerson: text(200),
    street: text(300),
    city: text(200),
    district: text(200),
    postalCode: text(20),
    availabilityRadiusInKm: text(20),
    descriptionFooter: text(5000),
  })
  .strict();
