// Which media URL shows which photo. The attach call answers with the whole listing, and a media
// URL (`<prefix>/<media_uuid>`) says nothing of the ticket it came from, so the URL of a photo is
// told from the answers: an answer holding exactly one URL not yet accounted for names the URL of
// the photo it answered. Answers of concurrent attaches are snapshots of one growing list, so they
// resolve one another in turn (this assumes no order of `urls`, only that an answer shows the
// listing as it was after its own attach).
//
// When an answer is lost (reset, timeout, 5xx), the photo's attach is repeated with the same
// ticket: a ticket is usable once, so the repeat can never attach the photo twice. A 404 then means
// "attached by the lost call, or expired". Once no attach is under way, the listing is read and the
// URLs left unaccounted for are matched with the photos left unsure. One photo and one URL: a match.
// No URL: the photos were not attached. Anything else cannot be told apart: those URLs are removed
// and those photos attached anew, so the listing never shows a photo twice nor in a wrong place.

/** What is known about the job's attachments. */
export interface AttachEvidence {
  /** Photo id -> its media URL, where known for sure. */
  known: ReadonlyMap<string, string>;
  /** Photo id -> the listing's `urls` in the answer to its attach, for photos whose URL is not known yet. */
  answered: ReadonlyMap<string, readonly string[]>;
  /** Photos that may be attached: an answer was lost, and repeating with the same ticket gave 404. */
  maybe: ReadonlySet<string>;
}

/** The outcome once the listing's URLs are known. */
export interface Settlement {
  /** New matches, photo id -> URL. */
  attributed: Map<string, string>;
  /** Photos to upload and attach again with a new ticket (their old URL, if any, is forgotten). */
  redo: string[];
  /** URLs on the listing that show no photo of the job, or cannot be told apart: to be removed. */
  remove: string[];
}

/** Matches answered photos with URLs from the answers alone (see the top of this file). */
export function attributeAnswers(evidence: AttachEvidence): Map<string, string> {
  return chain(evidence.answered, new Set(evidence.known.values()), () => true);
}

/** Settles every photo's URL given the listing's `urls` read after all attaches finished. */
export function settleAttachments(evidence: AttachEvidence, listingUrls: readonly string[]): Settlement {
  const onListing = new Set(listingUrls);
  const redo: string[] = [];
  const taken = new Set<string>();
  for (const [photoId, url] of evidence.known) {
    // A photo whose media was removed on the service must be attached again.
    if (onListing.has(url)) taken.add(url);
    else redo.push(photoId);
  }
  const attributed = chain(evidence.answered, taken, (url) => onListing.has(url));
  for (const url of attributed.values()) taken.add(url);
  const left = [...onListing].filter((url) => !taken.has(url));
  const unsure = [
    ...[...evidence.answered.keys()].filter((photoId) => !attributed.has(photoId)),
    ...[...evidence.maybe].filter((photoId) => !attributed.has(photoId) && !evidence.answered.has(photoId)),
  ];
  if (unsure.length === 1 && left.length === 1) {
    attributed.set(unsure[0]!, left[0]!);
    return { attributed, redo, remove: [] };
  }
  // No URL left: the unsure photos are not on the listing. Otherwise none of them can be matched
  // for sure, and the leftover URLs are either theirs or strangers: off they go, and they come back.
  return { attributed, redo: [...redo, ...unsure], remove: left };
}

// Repeatedly matches a photo whose answer holds exactly one URL not yet taken (and allowed).
function chain(
  answered: ReadonlyMap<string, readonly string[]>,
  taken: ReadonlySet<string>,
  allowed: (url: string) => boolean,
): Map<string, string> {
  const used = new Set(taken);
  const out = new Map<string, string>();
  for (let progress = true; progress;) {
    progress = false;
    for (const [photoId, urls] of answered) {
      if (out.has(photoId)) continue;
      const open = [...new Set(urls)].filter((url) => !used.has(url) && allowed(url));
      if (open.length !== 1) continue;
      out.set(photoId, open[0]!);
      used.add(open[0]!);
      progress = true;
    }
  }
  return out;
}
