// The right to run a publish job: the engine's claims port, the lone desk's claims, a claim's client.
export {
  LONE_CLAIM,
  claimedClient,
  loneClaims,
  queueNewJob,
  type ClaimedJobs,
  type JobClaim,
  type PublishClaims,
  type QueueOutcome,
} from './claims';
