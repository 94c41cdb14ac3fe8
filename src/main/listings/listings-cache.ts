// The file that keeps an account's last fetched listings (cache/listings/<account>.json), so the
// seller sees the last known list while the service cannot be reached.
import { z } from 'zod';
import { Listing } from '../../shared/service';
import { listingExtrasSchema } from './listing-extras';

/** An item of the service's list that could not be read, as kept in the file. */
export const unreadableItem = z.object({
  index: z.number(),
  uuid: z.string().nullable(),
  title: z.string().nullable(),
  customReference: z.string().nullable(),
  problem: z.string(),
  fields: z.array(z.string()).default([]),
});

/** The cache file of one account. */
export const cacheFile = z.object({
  fetchedAt: z.string(),
  listings: z.array(Listing),
  unreadable: z.array(unreadableItem).optional(),
  extras: listingExtrasSchema.optional(),
  publicationsFrom: z.enum(['service', 'jobs']).optional(),
});
