// Wire format of media upload tickets, attachment and ordering (rows 1, 6, 7 and 8).
import { z } from 'zod';

/** Media types the service accepts for upload tickets (from the 415 error text). */
export const SUPPORTED_MEDIA_TYPES = ['image/jpeg', 'image/png'] as const;
export type SupportedMediaType = (typeof SUPPORTED_MEDIA_TYPES)[number];

/** Body of `POST /v1/media`. */
export const MediaTicketRequest = z.object({ mediaType: z.string() });
export type MediaTicketRequest = z.infer<typeof MediaTicketRequest>;

/** Upload ticket returned by `POST /v1/media`; single use, expires at `expireAt` (ISO 8601 UTC). */
export const MediaUploadTicket = z.looseObject({
  ticketUuid: z.string(),
  signedPutUrl: z.string(),
  expireAt: z.string(),
});
export type MediaUploadTicket = z.infer<typeof MediaUploadTicket>;

/** Body of `POST /v1/listings/{uuid}/media`. */
export const AttachMediaRequest = z.object({ ticketUuid: z.string() });
export type AttachMediaRequest = z.infer<typeof AttachMediaRequest>;

/** Body of `PUT /v1/listings/{uuid}/media/order`: the listing's media URLs in display order. */
export const MediaOrderRequest = z.object({ urls: z.array(z.string()) });
export type MediaOrderRequest = z.infer<typeof MediaOrderRequest>;
