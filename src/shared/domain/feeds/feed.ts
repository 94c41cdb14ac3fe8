// A stock feed (issue 25.1): a shop's product export (a CSV or XLSX file, or an https URL serving
// one) kept in step with the ads made from it. Plain data; main reads the source and runs the plan.
import { z } from 'zod';
import { absolutePathSchema, segmentIdSchema } from '../drafts';
import { importMappingSchema } from '../tables';
import { priceRuleSchema } from '../price-rules';
import type { FeedRunSummary, VariantsSwitch } from './feed-run';

// Control characters would garble the command line's table and the log.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A feed's name as the seller types it (also what `feed run NAME` names). */
export const feedNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => !CONTROL.test(name), { message: 'must not hold control characters' });

/** An https address; basic-auth credentials never ride in it (the password lives in the keychain). */
export const feedUrlSchema = z
  .url({ protocol: /^https$/ })
  .max(4096)
  .refine((url) => !/^https:\/\/[^/]*@/i.test(url), { message: 'must not carry a user or password' });

/** Where a feed's table comes from. */
export const feedSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), path: absolutePathSchema }).strict(),
  z
    .object({
      kind: z.literal('url'),
      /** With an access key moved out (issue 35.4), `ACCESS_KEY_MASK` stands where it was. */
      url: feedUrlSchema,
      user: z.string().min(1).max(200).optional(),
      /** The address held an access key, now kept in the keychain (`feed-key:<feedId>`). */
      accessKey: z.boolean().optional(),
    })
    .strict(),
]);
export type FeedSource = z.infer<typeof feedSourceSchema>;

/** What stands in a feed's address where its access key was (issue 35.4). */
export const ACCESS_KEY_MASK = '••••';

/** What becomes of the live ad of a row that disappears or whose stock reaches 0. */
export const feedGoneActions = ['pause', 'end'] as const;
export const feedGoneSchema = z.enum(feedGoneActions);
export type FeedGone = z.infer<typeof feedGoneSchema>;

/** The share of a feed's ads paused or ended at once above which a run is held. */
export const DEFAULT_FEED_MAX_SHARE = 0.2;

const columnSchema = z.string().trim().min(1).max(200);

/** Items sharing an `item_group_id`: one ad per group, or one per variant (issue 35.3). */
export const feedVariantsSchema = z.enum(['group', 'each']);
export type FeedVariants = z.infer<typeof feedVariantsSchema>;

/** What the seller sets of a feed. */
export const feedSettingsSchema = z
  .object({
    name: feedNameSchema,
    source: feedSourceSchema,
    /** The column mapping (absent: the one remembered for the header, else the guessed one). */
    mapping: importMappingSchema.optional(),
    accountId: segmentIdSchema,
    templateId: segmentIdSchema.optional(),
    photoFolder: absolutePathSchema.optional(),
    /**
     * The header of the column holding the shop's SKU, sent as the ad's `customReference`; absent
     * for a recognized format (issue 35.1), whose reference field is known.
     */
    referenceColumn: columnSchema.optional(),
    /** The header of the column holding the stock; absent: every row is in stock. */
    stockColumn: columnSchema.optional(),
    gone: feedGoneSchema.default('pause'),
    /** New rows are published, not only made drafts. */
    publish: z.boolean().default(false),
    /** Runs by itself this often (minutes); absent: only when asked. */
    everyMinutes: z.int().min(5).max(43_200).optional(),
    maxShare: z.number().min(0).max(1).default(DEFAULT_FEED_MAX_SHARE),
    /**
     * A price rule every draft the feed makes starts with (issue 25.5; origin 'feed'); it wins over
     * the template's. Drafts the feed made earlier keep the rule they have.
     */
    priceRule: priceRuleSchema.optional(),
    /** Items sharing an `item_group_id`: one ad per group (absent: 'group'), or one per variant (issue 35.3). */
    variants: feedVariantsSchema.optional(),
    /** Brand, colour, size, material, GTIN and MPN: to a matching attribute (absent: 'attributes'), or into the description. */
    productDetails: z.enum(['attributes', 'description']).optional(),
    /** The source (and its photos) may be on a private, loopback or link-local address (issue 35.4; absent: no). */
    allowPrivateAddresses: z.boolean().optional(),
  })
  .strict();
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

/** A feed as stored in <data>/feeds/. */
export const feedSchema = feedSettingsSchema.extend({
  id: segmentIdSchema,
  /** The seller said yes to a first run; until then nothing runs by itself. */
  approved: z.boolean(),
  /** The header of the source as last applied (a changed one holds the run). */
  header: z.array(z.string().max(1000)).max(500).nullable(),
  createdAt: z.string(),
  /** The newest run's start (ISO); the schedule counts from it. */
  lastRunAt: z.string().nullable().default(null),
  /**
   * `variants` as last applied (issue 35.3): a run under the other choice is a switch, shown in the
   * plan and held like a run that would end many ads. Absent: never applied since issue 35.
   */
  variantsApplied: feedVariantsSchema.optional(),
});
export type Feed = z.infer<typeof feedSchema>;

/** What the seller set of a feed (for `feeds:save`): its settings only, none of what it keeps of its runs. */
export function feedSettingsOf(feed: FeedSettings): FeedSettings {
  return Object.fromEntries(
    Object.entries(feed).filter(([key]) => key in feedSettingsSchema.shape),
  ) as FeedSettings;
}

/** A feed as the renderer sees it: no secret, only whether one is kept. */
export interface FeedView extends Feed {
  hasPassword: boolean;
  /** The newest run, in short. */
  lastRun: FeedRunSummary | null;
  /**
   * What this desk may do with the feed (issue 37.3): always all on a lone desk; in a team by its
   * role (edit and approve a held run: owner; run: publish) and whether its keychain holds the
   * feed's access key or password (`keyMissing`: the feed's key is on other desks, not this one).
   */
  may: FeedPermissions;
}

/** What this desk may do with a feed, and what it lacks. */
export interface FeedPermissions {
  edit: boolean;
  run: boolean;
  approveHeld: boolean;
  /** The feed needs an access key or password this desk's keychain lacks: it cannot run it here. */
  keyMissing: boolean;
}

/** One ad the feed made or took on, as remembered between runs (matched by reference). */
export interface FeedItem {
  reference: string;
  draftId?: string;
  listingUuid?: string;
  /** 'paused' and 'ended' by the feed itself; a paused ad comes back when its row does. */
  state: 'active' | 'paused' | 'ended';
  /** The photo names the row gave when last applied (a live ad's photos carry no names). */
  photos?: string[];
  /**
   * Names of `photos` that could not be fetched or taken in when last applied (issue 35.5): the ad
   * went without them, and their absence is no change at the next run.
   */
  missedPhotos?: string[];
}

/** The feed's switch of `variants` since it was last applied; undefined when none (or never applied). */
export function variantsSwitch(feed: Pick<Feed, 'variants' | 'variantsApplied'>): VariantsSwitch | undefined {
  const to = feed.variants ?? 'group';
  const from = feed.variantsApplied;
  return from !== undefined && from !== to ? { from, to } : undefined;
}
