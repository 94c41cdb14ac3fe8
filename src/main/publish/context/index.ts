// What a job's steps work with: their context, the verdict on a failed call, the accounts as they need them.
export { publishAccounts, type PublishAccounts } from './accounts-port';
export { factsOf, jobError, judge, type FailureFacts } from './failure';
export {
  StepFailure,
  checkStopped,
  patiently,
  repeatOrThrow,
  waitToRepeat,
  type JobContext,
} from './job-context';
