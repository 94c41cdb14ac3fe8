// Managing what is live (issue 7): edits of live listings and their photos, their publications,
// and drafts linked to listings. One object per app, over the accounts, listings cache, drafts
// store and publish engine.
import type { DraftsStore } from '../storage/drafts-store';
import { createDraftCopy, type DraftCopy } from './draft-copy';
import { createDraftLinks, type DraftLinks } from './draft-link';
import { createListingEdits, type ListingEdits } from './listing-edits';
import { createLiveContext, type LiveContext, type LiveDeps } from './live-context';

/** The live services. */
export interface Live {
  context: LiveContext;
  edits: ListingEdits;
  links: DraftLinks;
  copy: DraftCopy;
}

/** Builds the live services. */
export function createLive(
  deps: LiveDeps & { store: DraftsStore; onDraftsChanged(ids: string[]): void },
): Live {
  const context = createLiveContext(deps);
  const drafts = { store: deps.store, onChange: deps.onDraftsChanged };
  return {
    context,
    edits: createListingEdits(context),
    links: createDraftLinks(context, drafts),
    copy: createDraftCopy(context, drafts),
  };
}
