// What can go wrong between a desk and the shop's database, as codes the window and the command
// line word in the seller's language (issue 24.1: "says in plain words what is wrong"), and the
// refusals of joining, leaving or setting up that come before the database has a say.
import type { ShopRefusal } from '../../../shared/ipc/contract-shop';

export type ShopProblem =
  | 'password-refused'
  | 'unreachable'
  | 'server-full'
  | 'no-database'
  | 'not-listing-desk'
  | 'schema-too-old'
  | 'schema-too-new'
  | 'tls'
  | 'no-permission'
  | 'desk-left'
  | 'other';

export class ShopError extends Error {
  constructor(
    readonly problem: ShopProblem,
    message: string,
    /** Versions for the schema problems: what the database has, what this build knows. */
    readonly versions?: { found: number; known: number },
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

/** Joining, leaving or a desk's login refused before the database had a say. */
export class ShopRefused extends Error {
  constructor(
    readonly refusal: ShopRefusal,
    /** What the words name: the shop's address, the desk's name, the keychain's reason. */
    readonly about: string,
  ) {
    super(`shop: ${refusal} (${about})`);
    this.name = 'ShopRefused';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
]);

/** Sorts an error thrown by `pg` (or the socket under it) into a ShopProblem. */
export function shopProblemOf(error: unknown): ShopProblem {
  if (error instanceof ShopError) return error.problem;
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '28P01' || code === '28000') return 'password-refused';
  if (code === '3D000') return 'no-database';
  if (code === '42501') return 'no-permission';
  if (code === 'LD001') return 'desk-left';
  // too_many_connections: the server's max_connections, or the login's CONNECTION LIMIT.
  if (code === '53300') return 'server-full';
  if (code === '3F000' || code === '42P01') return 'not-listing-desk';
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'unreachable';
  if (/ssl|tls|certificate/i.test(message)) return 'tls';
  if (/timeout|terminated|Connection terminated|connect/i.test(message)) return 'unreachable';
  return 'other';
}

/** Whether the error means the link is down (try again later) rather than a refusal. */
export function isLinkDown(error: unknown): boolean {
  const problem = shopProblemOf(error);
  return problem === 'unreachable' || problem === 'server-full';
}

/** What a desk's role may not do (issue 37.2), as the schema's triggers name it. */
export type RoleAction =
  | 'queue-jobs'
  | 'claim-jobs'
  | 'run-jobs'
  | 'change-jobs'
  | 'claim-due'
  | 'write-accounts'
  | 'write-feeds'
  | 'run-feeds'
  | 'approve-held'
  | 'ask-approval'
  | 'approve-requests'
  | 'require-approval';
const ROLE_ACTIONS: readonly RoleAction[] = [
  'queue-jobs',
  'claim-jobs',
  'run-jobs',
  'change-jobs',
  'claim-due',
  'write-accounts',
  'write-feeds',
  'run-feeds',
  'approve-held',
  'ask-approval',
  'approve-requests',
  'require-approval',
];

/** A statement the database refused for the desk's role: the role it has and what it may not do. */
export interface RoleRefusal {
  /** 'none': a login in none of the shop's groups. */
  role: 'prepare' | 'publish' | 'owner' | 'none';
  action: RoleAction;
}

/**
 * The role refusal in a `pg` error: SQLSTATE 42501 with the detail `listing-desk-role:ROLE:ACTION`
 * that listing_desk.assert_grade() gives (the message itself may be in the server's language).
 */
export function roleRefusalOf(error: unknown): RoleRefusal | undefined {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  if (code !== '42501' || typeof detail !== 'string') return undefined;
  const found = /^listing-desk-role:(prepare|publish|owner|none):([a-z-]+)$/.exec(detail);
  if (!found || !(ROLE_ACTIONS as readonly string[]).includes(found[2]!)) return undefined;
  return { role: found[1] as RoleRefusal['role'], action: found[2] as RoleAction };
}
