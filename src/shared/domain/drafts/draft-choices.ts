// The drafts' plain lists of choices (status, sort), apart from their schemas: the renderer's
// first view shows them and must not load zod for that (issue 18.4; bench/renderer/size.ts).

/**
 * 'ended': its ad was taken down as sold; the draft is kept, unlinked, and publishing it again
 * makes a new ad.
 */
export const draftStatuses = ['draft', 'ready', 'publishing', 'published', 'failed', 'ended'] as const;
export type DraftStatus = (typeof draftStatuses)[number];

export const draftSorts = ['updated-desc', 'updated-asc', 'created-desc', 'title-asc', 'title-desc'] as const;
export type DraftSort = (typeof draftSorts)[number];
