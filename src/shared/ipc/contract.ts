// THE contract between renderer and main: every channel's input schema and output type, and
// every event's payload type. Main validates every input against it; the renderer is untrusted.
import { z } from 'zod';
import type { ChannelName, EventName } from './names';
import {
  draftAccountScopes,
  draftFieldsSchema,
  draftIdSchema,
  draftSorts,
  draftStatusSchema,
} from '../domain/drafts';
import type { Draft, MoveAccountResult } from '../domain/drafts';
import {
  CONFLICT_FIELDS,
  type DraftLiveDiff,
  type ListingDeleteResult,
  type ListingPhotosResult,
  type PublicationView,
  listingPatchSchema,
  publicationPatchSchema,
  publicationStateRequestSchema,
} from '../domain/live';
import {
  MAX_PHOTO_UPLOAD_BYTES,
  PHOTO_CHUNK_BYTES,
  absolutePathSchema,
  base64Schema,
  photoBytesSchema,
  segmentIdSchema,
} from './input-schemas';
import type { PublishJobView, PublishNotice, PublishStartResult, PublishState } from '../domain/publishing';
import type { LiveEditSource, PhotoRemoval } from '../domain/live';
import type { ImportProgress } from '../domain/tables';
import type { BulkJob } from '../domain/bulk';
import { bulkWorkChannels } from './contract-bulk-work';
import { filesChannels } from './contract-files';
import { scheduleChannels } from './contract-schedule';
import { activityChannels } from './contract-activity';
import { paceChannels, type PaceHolds } from './contract-pace';
import { approvalsChannels } from './contract-approvals';
import { catalogChannels } from './contract-catalog';
import type { CatalogOrigin } from '../domain/catalog';
import { priceRuleChannels } from './contract-price-rules';
import { shopChannels, type ShopProgress, type ShopStatusView } from './contract-shop';
import { feedsChannels, type FeedProgress } from './contract-feeds';
import { channel, noInput, type ChannelDef } from './channel';
import {
  accountDefaultsSchema,
  accountInputSchema,
  languageSchema,
  photoMaxEdgeSchema,
  publishDraftsSchema,
  publishUploadsSchema,
  themeSchema,
} from './contract-inputs';
import type {
  AddPhotosResult,
  DraftsListResult,
  DraftSuggestions,
  IntakeProgress,
  AccountsState,
  AccountView,
  AppInfo,
  ConnectionResult,
  DiagnosticsResult,
  ListingsState,
  ListingView,
  ProblemsState,
  Settings,
  ViewName,
} from './types';

export * from './contract-inputs';

// Every id the renderer sends may end up in a service path or a file name.
const id = segmentIdSchema;

const draftIds = z.array(draftIdSchema).min(1).max(100_000);

export { MAX_PHOTO_UPLOAD_BYTES, PHOTO_CHUNK_BYTES };

export const contract = {
  'app:info': channel<AppInfo>()(noInput),
  /** Files that did not parse and were moved aside, until the seller dismisses them. */
  'app:problems': channel<ProblemsState>()(noInput),
  'app:dismiss-problem': channel<ProblemsState>()(z.object({ id: z.string().min(1).max(2000) }).strict()),
  /** Writes logs, app:info and versions into one file; the page's user agent names the browser. */
  'app:save-diagnostics': channel<DiagnosticsResult>()(
    z
      .object({ userAgent: z.string().max(500).optional() })
      .strict()
      .optional(),
  ),
  /** A view failed to render: into main's log (sizes bounded, the page is untrusted). */
  'app:log-renderer-error': channel<{ logged: true }>()(
    z
      .object({
        view: z.string().max(40),
        message: z.string().max(2000),
        stack: z.string().max(8000).optional(),
        componentStack: z.string().max(8000).optional(),
      })
      .strict(),
  ),
  'settings:get': channel<Settings>()(noInput),
  'settings:set': channel<Settings>()(
    z
      .object({
        language: languageSchema.optional(),
        theme: themeSchema.optional(),
        photoMaxEdge: photoMaxEdgeSchema.optional(),
        publishDrafts: publishDraftsSchema.optional(),
        publishUploads: publishUploadsSchema.optional(),
      })
      .strict(),
  ),
  'accounts:list': channel<AccountsState>()(noInput),
  'accounts:save': channel<AccountView>()(accountInputSchema),
  'accounts:remove': channel<AccountsState>()(z.object({ id }).strict()),
  'accounts:select': channel<AccountsState>()(z.object({ id }).strict()),
  /**
   * Makes the account the one in use when it is the desk's first real account and the Sandbox is in
   * use (after it was added and its connection tested); `chosen`: this call made it so (issue 33.8).
   */
  'accounts:use-if-first': channel<{ chosen: boolean; state: AccountsState }>()(z.object({ id }).strict()),
  'accounts:set-secret': channel<AccountView>()(
    z.object({ id, secret: z.string().min(1).max(4096) }).strict(),
  ),
  'accounts:delete-secret': channel<AccountView>()(z.object({ id }).strict()),
  'accounts:test': channel<ConnectionResult>()(z.object({ id }).strict()),
  'imprints:create': channel<AccountView>()(
    z
      .object({ accountId: id, content: z.string().trim().min(1, 'Enter the imprint text.').max(5000) })
      .strict(),
  ),
  'imprints:set-default': channel<AccountView>()(z.object({ accountId: id, uuid: id.nullable() }).strict()),
  /** `background`: a refresh the seller did not ask for (focus, interval) reads only what may have moved. */
  'listings:list': channel<ListingsState>()(
    z.object({ refresh: z.boolean().optional(), background: z.boolean().optional() }).strict().optional(),
  ),
  'listings:get': channel<ListingView>()(z.object({ uuid: id }).strict()),
  'accounts:set-defaults': channel<AccountView>()(z.object({ id, defaults: accountDefaultsSchema }).strict()),
  'drafts:list': channel<DraftsListResult>()(
    z
      .object({
        query: z.string().max(500).optional(),
        status: z.union([draftStatusSchema, z.literal('all')]).optional(),
        sort: z.enum(draftSorts).optional(),
        trash: z.boolean().optional(),
        /** Whose drafts (issue 15.1); absent: every account's. */
        account: z.enum(draftAccountScopes).optional(),
        /** Only the first rows (the first screen, sent early: issue 18.5); `matched` counts them all. */
        first: z.int().min(1).max(1000).optional(),
        /** The rows in compact form (`rows`, `items` left empty): what the Drafts view asks for. */
        compact: z.boolean().optional(),
      })
      .strict()
      .optional(),
  ),
  'drafts:get': channel<Draft>()(z.object({ id: draftIdSchema }).strict()),
  /** A new draft, filled from the active account's defaults. */
  'drafts:create': channel<Draft>()(noInput),
  /**
   * Saves the draft's fields. With `base` (the fields as the editor last got them from main) only the
   * fields that differ from it are written; the others keep what is stored now (issue 24.4).
   */
  'drafts:save': channel<Draft>()(
    z
      .object({ draft: draftFieldsSchema, base: draftFieldsSchema.optional() })
      .strict()
      .refine(({ draft, base }) => !base || base.id === draft.id, {
        message: 'base must be the same draft',
        path: ['base', 'id'],
      }),
  ),
  'drafts:duplicate': channel<Draft>()(z.object({ id: draftIdSchema }).strict()),
  'drafts:trash': channel<{ count: number }>()(z.object({ ids: draftIds }).strict()),
  'drafts:restore': channel<{ count: number }>()(z.object({ ids: draftIds }).strict()),
  'drafts:empty-trash': channel<{ count: number }>()(noInput),
  /** Suggestions for a draft: from the seller's history and the draft's account's listings. */
  'drafts:suggestions': channel<DraftSuggestions>()(z.object({ draftId: draftIdSchema }).strict().optional()),
  /** Files and folders by path (Electron, from preload); folders are walked in main. */
  'drafts:add-photos': channel<AddPhotosResult>()(
    z
      .object({
        draftId: draftIdSchema,
        batchId: z.string().min(1).max(100),
        paths: z.array(absolutePathSchema).min(1).max(2000),
      })
      .strict(),
  ),
  /** One file's bytes (web shell): one piece, or an upload's assembled pieces (input-schemas.ts). */
  'drafts:add-photo-bytes': channel<AddPhotosResult>()(
    photoBytesSchema({ draftId: draftIdSchema, batchId: z.string().min(1).max(100) }),
  ),
  /** Starts a photo's bytes in pieces (web shell, photos over PHOTO_CHUNK_BYTES). */
  'uploads:begin': channel<{ uploadId: string }>()(
    z.object({ size: z.int().min(1).max(MAX_PHOTO_UPLOAD_BYTES) }).strict(),
  ),
  /** The next piece, at `offset` (the bytes received so far); answers the new count. */
  'uploads:append': channel<{ received: number }>()(
    z
      .object({ uploadId: id, offset: z.int().nonnegative(), base64: base64Schema(PHOTO_CHUNK_BYTES) })
      .strict(),
  ),
  /** Drops an upload the page gave up on (file unreadable, call failed). */
  'uploads:cancel': channel<{ done: boolean }>()(z.object({ uploadId: id }).strict()),
  /** Keeps the draft's photos with these ids, in this order (reorder, cover, remove). */
  'drafts:set-photos': channel<Draft>()(
    z.object({ draftId: draftIdSchema, photoIds: z.array(id).max(1000) }).strict(),
  ),
  /** Publishes drafts, each as a job on a snapshot of the draft; one result per draft. */
  'publish:start': channel<{ results: PublishStartResult[] }>()(
    z.object({ draftIds: z.array(draftIdSchema).min(1).max(10_000) }).strict(),
  ),
  'publish:list': channel<PublishState>()(noInput),
  /** Stops a queued, running or failed job; `done` false when there was nothing to stop. */
  'publish:cancel': channel<{ done: boolean }>()(z.object({ jobId: id }).strict()),
  /**
   * Runs a failed or cancelled job again from where it stopped, or reads a rejected ad again. A job
   * whose ad may be online unseen ('publication-unknown') answers `needsConfirmation` until called
   * with `confirmDuplicateRisk: true` (the seller accepted the risk of a second ad).
   */
  'publish:retry': channel<{ done: boolean; needsConfirmation?: boolean }>()(
    z.object({ jobId: id, confirmDuplicateRisk: z.boolean().optional() }).strict(),
  ),
  /**
   * Ends a listing the service made twice for a job (the job's `madeTwice`): deleted, or left without
   * an ad where the service offers no deleting; `outcome` null when the job has no such listing.
   */
  'publish:end-twice': channel<{ outcome: 'deleted' | 'left' | null }>()(
    z.object({ jobId: id, listingUuid: id }).strict(),
  ),
  /** Sends only the changed fields; the listing's publications go through validation again. */
  'listings:update': channel<{ listing: ListingView; publications: PublicationView[] }>()(
    z.object({ uuid: id, patch: listingPatchSchema }).strict(),
  ),
  /** Photos by path (Electron), taken in like a draft's, then ticket, upload and attach. */
  'listings:add-photos': channel<ListingPhotosResult>()(
    z.object({ uuid: id, paths: z.array(absolutePathSchema).min(1).max(200) }).strict(),
  ),
  /** One photo's bytes (web shell). */
  'listings:add-photo-bytes': channel<ListingPhotosResult>()(photoBytesSchema({ uuid: id })),
  /** Removes one photo, keeping a copy first; answers with the undo it offers (issue 15, live edits). */
  'listings:remove-photo': channel<PhotoRemoval>()(
    z.object({ uuid: id, url: z.string().min(1).max(4096) }).strict(),
  ),
  // Issue 15, safe live edits (helper D): undo of a photo removal, and the live edit form's start.
  /** Sends a removed photo again from its copy, back at its place, while its undo is offered. */
  'listings:undo-remove-photo': channel<ListingView>()(z.object({ uuid: id, undoId: id }).strict()),
  /** The listing read now, its full category path (from the linked draft) and the linked draft. */
  'listings:edit-source': channel<LiveEditSource & { listing: ListingView }>()(
    z.object({ uuid: id }).strict(),
  ),
  /** The listing's urls in the new order (exactly its current urls). */
  'listings:order-photos': channel<ListingView>()(
    z.object({ uuid: id, urls: z.array(z.string().min(1).max(4096)).max(1000) }).strict(),
  ),
  /** The publications the app knows of this listing, each read fresh from the service. */
  'listings:publications': channel<PublicationView[]>()(z.object({ uuid: id }).strict()),
  'publications:get': channel<PublicationView>()(z.object({ listingUuid: id, uuid: id }).strict()),
  /** Changes location, radius or imprint (204), then reads the publication again. */
  'publications:update': channel<PublicationView>()(
    z.object({ listingUuid: id, uuid: id, patch: publicationPatchSchema }).strict(),
  ),
  /** A new draft copied from a live listing, its photos fetched from the service. */
  'drafts:from-listing': channel<Draft>()(z.object({ uuid: id }).strict()),
  /** How a published draft differs from its live listing. */
  'drafts:live-diff': channel<DraftLiveDiff>()(z.object({ id: draftIdSchema }).strict()),
  /** Publishes the difference as an update of the listing (fields, then photos), not a new listing. */
  'drafts:push-changes': channel<DraftLiveDiff>()(z.object({ id: draftIdSchema }).strict()),
  /** The seller's pick in a conflict between a linked draft and its live ad (issue 23.1). */
  'drafts:live-resolve': channel<DraftLiveDiff>()(
    z.object({ id: draftIdSchema, field: z.enum(CONFLICT_FIELDS), pick: z.enum(['live', 'draft']) }).strict(),
  ),
  /** Forgets the draft's live listing (e.g. it was deleted on the service); the draft stays. */
  'drafts:unlink': channel<Draft>()(z.object({ id: draftIdSchema }).strict()),
  /** The seller's pick of value `index` of a field two desks of the shop changed apart (issue 24.4). */
  'drafts:shop-pick': channel<Draft>()(
    z
      .object({ id: draftIdSchema, field: z.string().min(1).max(10_100), index: z.int().min(0).max(49) })
      .strict(),
  ),
  /** The seller read the note that the draft came back after another desk deleted it. */
  'drafts:shop-dismiss-restored': channel<Draft>()(z.object({ id: draftIdSchema }).strict()),
  // Issue 15.1, accounts kept apart.
  /** Moves drafts to another account (imprint reset where not the new account's); dryRun asks first. */
  'drafts:move-account': channel<MoveAccountResult>()(
    z.object({ ids: draftIds, accountId: id, dryRun: z.boolean().optional() }).strict(),
  ),
  /** The seller read the note about drafts given an account at upgrade. */
  'drafts:dismiss-account-upgrade': channel<{ done: boolean }>()(noInput),
  // Issue 15.3, an ad's whole life (helper C).
  /** Deletes the listing; linked drafts are unlinked, or marked 'ended' when it was sold. */
  'listings:delete': channel<ListingDeleteResult>()(
    z.object({ uuid: id, sold: z.boolean().optional() }).strict(),
  ),
  /** Pauses or resumes a publication, then reads it again (briefly, while its state follows). */
  'publications:set-state': channel<PublicationView>()(
    z.object({ listingUuid: id, uuid: id, state: publicationStateRequestSchema }).strict(),
  ),
  ...bulkWorkChannels,
  ...filesChannels,
  ...shopChannels,
  ...scheduleChannels,
  ...paceChannels,
  ...activityChannels,
  ...approvalsChannels,
  ...feedsChannels,
  ...priceRuleChannels,
  ...catalogChannels,
} satisfies Record<ChannelName, ChannelDef<z.ZodType, unknown>>;

export type Contract = typeof contract;
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = NonNullable<Contract[C]['output']>;

/** Payload of each main -> renderer event. */
export interface EventPayloads {
  'settings:changed': Settings;
  'app:navigate': { view: ViewName };
  'app:problems-changed': ProblemsState;
  'accounts:changed': AccountsState;
  'listings:changed': ListingsState;
  /** Something in the drafts changed (another window, a batch of photos); lists reload. */
  'drafts:changed': { ids: string[] };
  'drafts:intake-progress': IntakeProgress;
  /** Jobs that changed (byte progress gathered, at most every 100 ms). */
  'publish:changed': { jobs: PublishJobView[] };
  /** An ad went live or was rejected. */
  'publish:notice': PublishNotice;
  /** An import's run: drafts written, then photos taken in (issue 17). */
  'import:progress': ImportProgress;
  /** Bulk jobs of live listings after each ad (issue 17.4). */
  'bulk:changed': { jobs: BulkJob[] };
  /** Joining a shop: this desk's data going up, the shop's coming down (issue 24.2). */
  'shop:progress': ShopProgress;
  /** The shop's status on this desk changed: joined, left, the link up or down (issue 24.1). */
  'shop:changed': ShopStatusView;
  /** A feed's run: planned, each ad applied, done (issue 25.3). */
  'feeds:progress': FeedProgress;
  /** Feeds changed: added, saved, removed, a run began or ended (the list reloads). */
  'feeds:changed': { ids: string[] };
  /** Another catalog is in use (a newer file was loaded): the picker and the labels read it again. */
  'catalog:changed': CatalogOrigin;
  /** An account's known-good categories or values grew (issue 33.4): `catalog:known-good` reads them. */
  'catalog:known-good-changed': { accountId: string };
  /** The category mappings or condition words changed (here or on another desk of the shop): read them again. */
  'categories:changed': Record<string, never>;
  /** The accounts the service asked to slow down changed (issue 36.2). */
  'pace:changed': PaceHolds;
  /** A request was asked for or decided on a desk of the team (issue 37.4): `approvals:list` again. */
  'approvals:changed': Record<string, never>;
  /** What became of this desk's request (approved, sent back, withdrawn by an edit), in words. */
  'approvals:news': { text: string; id: string; draftId: string | null; state: string };
}
export type EventOf<E extends EventName> = EventPayloads[E];
