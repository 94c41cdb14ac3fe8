// The contract's channels of Settings → Shop (issue 24.1): the shop's status on this desk, the
// connection test, setting up the shop's database, adding a desk's login, joining and leaving. The
// database password travels inward only, like a client secret; no answer carries it (a new desk
// login's password made by the app is answered once, for the seller to read).
import { z } from 'zod';
import { deskRoles, type DeskRole } from '../domain/team';
import { channel, noInput } from './channel';

export { deskRoles, type DeskRole };

/** What can go wrong between a desk and the shop's database (main's ShopProblem, by name). */
export const shopProblemCodes = [
  'password-refused',
  'unreachable',
  'server-full',
  'no-database',
  'not-listing-desk',
  'schema-too-old',
  'schema-too-new',
  'tls',
  'no-permission',
  'desk-left',
  'other',
] as const;
export type ShopProblemCode = (typeof shopProblemCodes)[number];

/** Why joining or leaving was refused before the database had a say (an error's `details.shop`). */
export const shopRefusals = [
  'no-keychain',
  'already-member',
  'not-member',
  'name-taken',
  'login-taken',
  // Issue 37.1: `shop role` on a login in none of the shop's groups, or the last owner demoted.
  'not-a-desk',
  'last-owner',
] as const;
export type ShopRefusal = (typeof shopRefusals)[number];

/** A problem in the seller's words, with the code the view picks its hints by. */
export interface ShopProblemView {
  problem: ShopProblemCode;
  /** Plain words in the app's language, naming the database (never the password). */
  message: string;
}

/** The connection test's answer. */
export type ShopCheckView =
  | { ok: true; where: string; version: number; desks: number }
  | ({ ok: false; where: string } & ShopProblemView);

export interface ShopDeskView {
  id: string;
  name: string;
  lastSeen: string;
  /** When it left the shop; null while it is a member. */
  leftAt: string | null;
  /** This desk. */
  self: boolean;
}

/** The shop as this desk sees it; `member` false on a lone desk. */
export interface ShopStatusView {
  member: boolean;
  /**
   * This desk's role as the database last said it (issue 37.1): a lone desk is its own owner;
   * absent while a member's database has not answered yet; null for a login in none of the groups.
   */
  role?: DeskRole | null;
  /**
   * Whether the team names an owner desk (listing_desk.owner_named()): until it does, an upgraded
   * team's publish desks do the owner's work. Absent where `role` is.
   */
  ownerNamed?: boolean;
  /** user@host:port/database, never the password. */
  where?: string;
  shopId?: string;
  deskId?: string;
  deskName?: string;
  joinedAt?: string;
  /** Whether the database answers, since when (ISO), and why not. */
  link?: { state: 'connected' | 'offline'; since: string; problem?: ShopProblemView };
  /** Changes made here that wait to go up to the shop. */
  waiting: number;
  /** Photo files still to come down from the shop. */
  photosWaiting?: number;
  /** Joined while the app ran alone: sharing starts when Listing Desk starts again. */
  startsAtRestart?: boolean;
  /** Drafts in conflict until the seller picks (known while the sync runs). */
  conflicts?: number;
  /** Others' changes that could not be applied here, and this desk's that could not go up (the log says why). */
  failed?: { unapplied: number; stuck: number };
  /** The shop's desks (empty while the database cannot be reached). */
  desks: ShopDeskView[];
}

export interface ShopLeaveView {
  /** False when the database could not be told (offline): it still lists the desk as a member. */
  told: boolean;
  problem?: ShopProblemView;
}

/** What setting up (or upgrading) a shop's database did, as `shop init` prints it. */
export interface ShopInitView {
  /** owner@host:port/database, never the password. */
  where: string;
  /** The schema version before (0: none) and now. */
  from: number;
  to: number;
  /** The desks' group role, and whether it was made now (else kept, its rights granted again). */
  role: string;
  roleCreated: boolean;
  /** The desk login made with it, if one was asked for, and the address it joins with. */
  deskLogin?: { name: string; url: string };
  /** The address a desk login made by hand joins with, for a login called `desk_front`. */
  exampleUrl: string;
}

/** A desk login made by "Add a desk" (issue 32.4), and what to type on that desk. */
export interface ShopAddDeskView {
  /** owner@host:port/database, never a password. */
  where: string;
  /** The desks' group role the login is in. */
  role: string;
  /** The login's name, and the address that desk joins with (no password in it). */
  name: string;
  url: string;
  /**
   * The login's password when it was made here (none typed): shown to the seller once, kept
   * nowhere, the only password an answer carries.
   */
  password?: string;
}

/** A desk login of the team with its role (`shop desks`, Settings → Team, issue 37.1). */
export interface ShopDeskLoginView {
  login: string;
  role: DeskRole;
  /** The names of the desks that signed in with it and have not left. */
  desks: string[];
  /** This desk signs in with it. */
  self: boolean;
}

/** A desk login's role changed with the owner's login (`shop role`, Settings → Team). */
export interface ShopSetRoleView {
  /** owner@host:port/database, never a password. */
  where: string;
  login: string;
  from: DeskRole;
  to: DeskRole;
}

/** A PostgreSQL login name the app makes: plain lower-case, so it needs no quoting anywhere. */
export const deskLoginName = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, {
    message: 'Lower-case letters, digits and _ only, starting with a letter',
  });

const shopUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((value) => URL.canParse(value) && /^postgres(ql)?:$/.test(new URL(value).protocol), {
    message: 'Enter the address starting with postgresql://',
  });
const password = z.string().min(1).max(1000);

export const shopChannels = {
  'shop:status': channel<ShopStatusView>()(noInput),
  /** Reaches the database, signs in and checks its schema; joins nothing. */
  'shop:test': channel<ShopCheckView>()(z.object({ url: shopUrl, password: password.optional() }).strict()),
  /**
   * Creates or upgrades the shop's schema with the owner's login (`shop init`), optionally making a
   * desk login; the owner's password serves this call only: never kept, never logged.
   */
  'shop:init': channel<ShopInitView>()(
    z
      .object({
        url: shopUrl,
        password: password.optional(),
        deskLogin: z
          .object({ name: deskLoginName, password: z.string().min(8).max(1000) })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /**
   * Makes one desk's login in the desks' role with the owner's login ("Add a desk"); a password
   * left out is made and answered once. The owner's password serves this call only.
   */
  'shop:add-desk': channel<ShopAddDeskView>()(
    z
      .object({
        url: shopUrl,
        password: password.optional(),
        login: z.object({ name: deskLoginName, password: z.string().min(8).max(1000).optional() }).strict(),
      })
      .strict(),
  ),
  /** The team's desk logins with their roles, read with this desk's own login (issue 37.1). */
  'shop:desks': channel<{ logins: ShopDeskLoginView[] }>()(noInput),
  /**
   * Moves a desk login into a role's group with the owner's login (`shop role`); the owner's
   * password serves this call only: never kept, never logged. The last owner stays one.
   */
  'shop:set-role': channel<ShopSetRoleView>()(
    z
      .object({
        url: shopUrl,
        password: password.optional(),
        login: z.string().trim().min(1).max(63),
        role: z.enum(deskRoles),
      })
      .strict(),
  ),
  /** Joins this desk to the shop; the password goes to the keychain, never to a file. */
  'shop:join': channel<ShopStatusView>()(
    z
      .object({ url: shopUrl, password: password.optional(), name: z.string().trim().min(1).max(80) })
      .strict(),
  ),
  /** Leaves the shop, keeping every draft here. */
  'shop:leave': channel<ShopLeaveView>()(noInput),
};

/** What joining is doing, for a progress line or bar. */
export interface ShopProgress {
  phase: 'sending' | 'receiving';
  done: number;
  total: number;
}
