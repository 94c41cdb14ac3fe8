// What the seller is told of jobs: each job's view, the emitter of changes, the engine's sentences, notices.
export { jobView, type LiveState } from './job-view';
export { jobWords } from './job-words';
export { noticeText } from './notice-text';
export { createViewEmitter, type JobsListener } from './view-emitter';
