// Public API of the embedded listing service ("sandbox").
export { startSandbox } from './sandbox';
export type { Sandbox } from './sandbox';
export type { SandboxOptions } from './options';
export { DEFAULT_CLIENT_ID } from './options';
export type { RuntimeConfig } from './context';
export type { ClientConfig } from './model';
export type { DelayFault, FaultRule, ResetFault, StatusFault } from './faults';
export { parseFaultSpec } from './faults';
export type { AuthScheme, Quirks, QuirksPatch } from './quirks';
export { DEFAULT_QUIRKS } from './quirks';
export type { SandboxStats } from './stats';
export type { RateLimit, RateLimitFigures } from './rate-limit';
export { parseRateLimit } from './rate-limit';
export type { ClientCounts } from './store';
export type { RouteKey } from './route-keys';
export { ROUTE_KEYS } from './route-keys';
export { REJECTION_REASONS } from './publication-state';
