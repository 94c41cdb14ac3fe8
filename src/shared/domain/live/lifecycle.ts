// An ad's whole life (issue 15, deliver 3): taking an ad down (plainly, or as sold) and pausing or
// resuming one of its publications. Neither is in the spec; the service behind it documents both.
import { z } from 'zod';

/** What the seller asks a publication to be: taken off the marketplace for now, or back on it. */
export const publicationStateRequests = ['PAUSED', 'RESUMED'] as const;
export const publicationStateRequestSchema = z.enum(publicationStateRequests);
export type PublicationStateRequest = z.infer<typeof publicationStateRequestSchema>;

/** What became of a draft linked to a deleted listing. */
export interface EndedDraft {
  id: string;
  title: string;
  /** 'ended' after a sale; 'unlinked' (a draft again, content kept) after a plain delete. */
  outcome: 'ended' | 'unlinked';
}

/** The answer of `listings:delete`. */
export interface ListingDeleteResult {
  uuid: string;
  /** 'deleted' now, or 'gone': the service no longer had it (an earlier attempt took it). */
  outcome: 'deleted' | 'gone';
  sold: boolean;
  drafts: EndedDraft[];
}
