// What a request whose answer was lost did: the time rule, the listing by reference, photos by media URL.
export { attributeAnswers, settleAttachments } from './attach-resolver';
export { matchListings, unreadableWithReference } from './listing-match';
export { Owners, lateOwner, type Taken } from './owners';
export { lastPossibleSend, note, reconcile, windowEnd } from './reconcile';
