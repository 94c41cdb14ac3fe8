// Who may do what in a team of desks (issue 37.1-2): the one rule the window (a control stays
// visible but disabled, with the reason) and main (a call refused in plain words before the
// database refuses it) both read. The database's grants and triggers stay the authority; this rule
// only says the same thing earlier and in words.

/** What a desk's login may do in its team, lowest first. */
export const deskRoles = ['prepare', 'publish', 'owner'] as const;
export type DeskRole = (typeof deskRoles)[number];

/** The things a desk's role decides, each needing the role in DESK_ACTION_NEEDS or a higher one. */
export const deskActions = [
  // publish and higher
  'publish',
  'live-change',
  'pause',
  'end',
  'price',
  'price-rules',
  'run-feeds',
  'approve',
  'keep-secrets',
  // owner
  'accounts',
  'imprints',
  'feed-settings',
  'approve-held',
] as const;
export type DeskAction = (typeof deskActions)[number];

/** The lowest role that may do each action. */
export const DESK_ACTION_NEEDS: Readonly<Record<DeskAction, DeskRole>> = {
  publish: 'publish',
  'live-change': 'publish',
  pause: 'publish',
  end: 'publish',
  price: 'publish',
  'price-rules': 'publish',
  'run-feeds': 'publish',
  approve: 'publish',
  'keep-secrets': 'publish',
  accounts: 'owner',
  imprints: 'owner',
  'feed-settings': 'owner',
  'approve-held': 'owner',
};

/**
 * A desk's standing in its team, as its shop status says it: a lone desk is its own owner; a member
 * whose database has not answered yet has `role` undefined (nothing is refused in the window: the
 * database decides); a login in none of the team's groups has `role` null (nothing is allowed).
 */
export interface DeskStanding {
  member: boolean;
  role?: DeskRole | null | undefined;
  /**
   * Whether the team names an owner desk. An upgraded team has none until `shop role` names one,
   * and until then its publish desks do the owner's work, as the database lets them.
   */
  ownerNamed?: boolean | undefined;
}

/** Why a desk may not: the role it has, the one the action needs, and the reason's i18n key. */
export interface DeskRefusal {
  allowed: false;
  action: DeskAction;
  /** This desk's role ('none' for a login in none of the groups). */
  role: DeskRole | 'none';
  needed: DeskRole;
  /**
   * The reason's key in the `teamRoles` words (main's namespace, which the window has too), worded
   * with `role` and `needed` as the role words `teamRoles:role.<role>`.
   */
  reasonKey: `refusedAction.${DeskAction}`;
}

export type DeskAllowance = { allowed: true; action: DeskAction } | DeskRefusal;

const rank = (role: DeskRole): number => deskRoles.indexOf(role);

/** Whether a desk standing so may do `action`, and if not, why. */
export function deskMay(standing: DeskStanding, action: DeskAction): DeskAllowance {
  const allowed: DeskAllowance = { allowed: true, action };
  if (!standing.member || standing.role === undefined) return allowed;
  let needed = DESK_ACTION_NEEDS[action];
  // The database's own fallback (owner_named()): no owner desk yet, publish desks do its work.
  if (needed === 'owner' && standing.ownerNamed === false) needed = 'publish';
  const role = standing.role;
  if (role !== null && rank(role) >= rank(needed)) return allowed;
  return { allowed: false, action, role: role ?? 'none', needed, reasonKey: `refusedAction.${action}` };
}
