// Public API of the listing service client.
export { DEFAULT_TIMEOUT_MS, createServiceClient } from './client';
export type { CreatePublicationOptions, ServiceClient, ServiceClientOptions } from './client';
export { RefusedInBothForms } from './api-request';
export { AccountPace, DEFAULT_MAX_CONCURRENCY, callsInStride, laneOf } from './account-pace';
export type {
  CallLane,
  PaceOptions,
  PaceView,
  SharedLimit,
  SharedPace,
  SharingFigures,
} from './account-pace';
export type { AuthScheme } from './api-request';
export type { AuthForm, AuthSetting } from './auth-form';
export { ConnectionFailure, findConnection, testConnection } from './connection-check';
export type { ConnectionFound, ConnectionTarget } from './connection-check';
export { ServiceError, defaultSafeToRepeat, toServiceError, withLikelyCause } from './errors';
export type { ErrorContext, ServiceErrorInit } from './errors';
export { OPERATION_METHODS, isIdempotent } from './operations';
export type { OperationName } from './operations';
export { SERVICE_PROBLEMS } from './problems';
export type { ServiceProblem } from './problems';
export { DEFAULT_RETRY } from './retry';
export type { RetryOptions, WarnLog } from './retry';
export type { UploadOptions, UploadResult } from './upload';
export type { PublicationSummary } from './publication-list';
export { NOT_OFFERED_MESSAGES } from './lifecycle-calls';
export type { DeleteOutcome, PublicationStateRequest } from './lifecycle-calls';
