// The spec's order of calls as the steps of one job: imprint, listing, photos, order, publication, tracking.
export { IMPRINT_MISSING, createImprintSource, hasImprint } from './imprint-step';
export { runJob, type RunDeps } from './run-job';
export { trackPublication } from './track-step';
export { watchLateAnswers } from './late-answers';
