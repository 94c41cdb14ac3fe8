// What engine.ts is made of: job entries and contexts, claims, held accounts, slots, Retry, the slow check.
export { createAccountHold } from './account-hold';
export { claimedJobs } from './claimed-jobs';
export { createDraftSlots } from './draft-slots';
export { autoDrafts, draftLimitOf, MAX_AUTO_DRAFTS, type DraftLimit } from './draft-limit';
export { engineClaims } from './engine-claims';
export { contextMaker } from './engine-context';
export { newEntry, type Entry } from './engine-entry';
export { retrackOn } from './retrack';
export { retryJob } from './retry-job';
export { settleRule, slowCheckDeps, startSlowCheck } from './slow-check';
export { tracked } from './tracked';
export { endTwice, type EndTwiceOutcome } from './end-twice';
export { duplicatesLogged, type DuplicatesLogged } from './duplicates-logged';
export { startBatch } from './batch-start';
export { jobMaker } from './make-jobs';
