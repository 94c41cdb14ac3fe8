// The shop's job queue in SQL, leases with fencing tokens, and how a desk reads, sweeps and requeues it.
export { DEFAULT_LEASE, leaseClaim } from './job-lease';
export type { LeaseTiming } from './job-lease';
export {
  OPEN_STATES,
  claimJob,
  insertJob,
  jobExists,
  reopenBulkJob,
  cancelJob,
  openJobOf,
  reopenJob,
  noteLaterLife,
  mayRunJobs,
} from './job-queue';
export type { JobBody, JobRow } from './job-queue';
export { queueRead } from './queue-read';
export { requeueJob } from './queue-retry';
export { queueSweep } from './queue-sweep';
