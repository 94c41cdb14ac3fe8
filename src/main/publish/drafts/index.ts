// A job and its draft: a new job's checks and first record, the draft told of its job, agreement at open.
export { createDraftSync, withoutWaiting, type DraftsPort } from './draft-sync';
export { createJob, prepareJob } from './new-job';
export { repairDrafts } from './startup-repair';
