// Publish jobs on disk: the record, its store, changes made to it outside the engine, the ad's later life.
export {
  JOB_VERSION,
  type JobError,
  type JobHistoryEntry,
  type JobLateWatch,
  type JobPhoto,
  type JobRecord,
  type JobTicket,
} from './job-record';
export { addHistory, DUPLICATE_REMOVED_KEYS, duplicateRemoved, historyText } from './job-history';
export { openJobStore, type JobProblem, type JobStore } from './job-store';
export { followAdOn, type AdNews } from './later-life';
export { isRetrackable, notifyOf, prepareRetry, publicationsOf, remoteOf } from './record-changes';
export { supersedeOutdated } from './supersede';
