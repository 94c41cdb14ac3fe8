// What went wrong talking to the listing service, as the app tells it to the window and the log.

/**
 * What went wrong talking to the service, as a stable code the renderer translates (with the
 * English message as fallback): the token error codes (`invalid_client`, ...), 'unreachable',
 * 'tls', 'timeout', 'unauthorized', 'missing-secret', 'server-error', ...
 */
export interface ServiceProblem {
  problem: string;
  message: string;
  status?: number;
  detail?: string;
  /** The service call that failed; with `status` it picks the seller's sentence (shared/service-messages). */
  operation?: string;
  /** The service's own title, shown under "Details". */
  title?: string;
  /** The likely cause of a refusal, in each language (issue 33.4: a category or value not known good). */
  likelyCause?: { en: string; de: string };
}
