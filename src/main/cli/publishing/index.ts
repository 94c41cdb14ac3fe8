// `publish` (now or --at a time), `worker`, and what they came to: `status` and `listings`.
export { listingsCommand, statusCommand } from './lists';
export { publishCommand } from './publish';
export { scheduleCommand } from './schedule';
export { workerCommand } from './worker';
