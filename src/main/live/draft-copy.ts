// Any live listing opened as a new draft: a copy with the listing's fields and its photos, fetched
// from the listing's media URLs in order and taken in like dropped photos. The copy is not linked
// (publishing it makes a new listing), and its reference is cleared: the publish engine finds a
// listing by its reference after a lost answer, so the copy must not share the original's.
import type { Draft, DraftInit, DraftPhoto, DraftPublication } from '../../shared/domain/drafts';
import { fullCategory } from '../../shared/domain/live';
import type { Listing } from '../../shared/service';
import type { AccountView } from '../../shared/ipc/types';
import { draftInitFromDefaults, appErrorOf } from '../drafts/drafts-service';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { INTAKE_DEFAULTS } from '../media/intake';
import { intakeMany } from '../media/intake-queue';
import type { ServiceClient } from '../service-client';
import type { DraftsStore } from '../storage/drafts-store';
import { photoFolder, toDataPath } from '../storage/draft-files';
import { findLinkedDraft, type SentCategories } from './linked-draft';
import type { LiveContext } from './live-context';

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** What the copy needs besides the live context. */
export interface DraftCopyDeps {
  store: DraftsStore;
  onChange(ids: string[]): void;
  /** Category paths sent by live edits, which the service may show as their last segment only. */
  sentCategories?: SentCategories;
}

/** Where the copy is shown: the live publication's location as read now, where it says. */
export type PublicationPlace = Partial<Record<keyof DraftPublication, unknown>>;

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The copy's location and imprint: each field as the live publication has it now (changed since
 * publishing, perhaps), else the linked draft's, else the account's default. A publication read
 * carries only `postalCode` for sure (the spec shows no more); the rest is taken where it is sent.
 */
export function placeOf(
  read: PublicationPlace | null,
  linked: DraftPublication | null,
  defaults: DraftInit['publication'],
): DraftPublication {
  const pick = (key: 'street' | 'city' | 'postalCode') =>
    textOf(read?.[key]) ?? linked?.[key] ?? defaults?.[key] ?? '';
  const radius = read?.availabilityRadiusInKm;
  return {
    street: pick('street'),
    city: pick('city'),
    postalCode: pick('postalCode'),
    district:
      read && 'district' in read && (read.district === null || typeof read.district === 'string')
        ? read.district
        : (linked?.district ?? defaults?.district ?? null),
    availabilityRadiusInKm:
      typeof radius === 'number' && Number.isInteger(radius)
        ? radius
        : (linked?.availabilityRadiusInKm ?? defaults?.availabilityRadiusInKm ?? null),
    imprintUuid: textOf(read?.imprintUuid) ?? linked?.imprintUuid ?? defaults?.imprintUuid ?? null,
  };
}

/** What the copy takes besides the listing: its linked draft and its publication as read now. */
export interface CopySources {
  linked?: Draft | null;
  publication?: PublicationPlace | null;
}

/**
 * A new draft's fields from a listing: every field of the listing, the full category path (the
 * linked draft's where the service shows only its last segment), and the publication's current
 * location; the account's defaults only for what neither says.
 */
export function draftInitFromListing(
  listing: Listing,
  account: AccountView,
  { linked = null, publication = null }: CopySources = {},
): DraftInit {
  const defaults = draftInitFromDefaults(account);
  return {
    accountId: account.id,
    title: listing.title,
    category: fullCategory(listing.category, linked?.category),
    description: listing.description,
    attributes: { ...listing.attributes },
    adType: listing.adType,
    // The editor holds the price as the seller types it.
    price: { type: listing.adPrice.type, amount: String(listing.adPrice.amount) },
    email: listing.email,
    phoneNumber: listing.phoneNumber ?? null,
    customReference: null,
    contactPerson: listing.contactPerson ?? null,
    buyNow: listing.buyNow ?? linked?.buyNow ?? null,
    publication: placeOf(publication, linked?.publication ?? null, defaults.publication),
  };
}

/** Fetches one media URL's bytes (no authentication: media URLs are served like a CDN's). */
export async function download(url: string, n: number): Promise<Uint8Array> {
  const fail = (why: string, status?: number) => {
    const message = mainI18n.t('errors:photoFetch', { n, why });
    return new AppError('service', message, {
      problem: status === undefined ? 'unreachable' : 'http',
      message,
      ...(status !== undefined && { status }),
    });
  };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail(mainI18n.t('errors:photoFetchWhy.badAddress'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw fail(mainI18n.t('errors:photoFetchWhy.notWeb'));
  let response: Response;
  try {
    response = await fetch(parsed, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok)
    throw fail(mainI18n.t('errors:photoFetchWhy.status', { status: response.status }), response.status);
  const declared = Number(response.headers.get('content-length'));
  // The intake refuses larger files anyway; they are not read whole first.
  if (declared > INTAKE_DEFAULTS.maxInputBytes) throw fail(mainI18n.t('errors:photoFetchWhy.tooLarge'));
  return new Uint8Array(await response.arrayBuffer());
}

/** Builds the copy operation over the shared live context. */
export function createDraftCopy(ctx: LiveContext, deps: DraftCopyDeps) {
  const { store } = deps;
  /** The linked draft and the newest publication that reads; a failed read only loses its help. */
  const copySources = async (
    accountId: string,
    client: ServiceClient,
    uuid: string,
  ): Promise<CopySources> => {
    const linked = await findLinkedDraft(ctx, store, accountId, uuid).catch(() => null);
    const known = ctx.engine.publicationsOf(uuid).filter((p) => p.accountId === accountId);
    for (const { publicationUuid } of known.reverse()) {
      try {
        return { linked, publication: await client.getPublication(uuid, publicationUuid) };
      } catch (error) {
        ctx.log.info(
          `Copy of listing ${uuid}: publication ${publicationUuid} could not be read (${String(error)})`,
        );
      }
    }
    return { linked, publication: null };
  };
  return {
    /** A new draft of the active account copied from listing `uuid`, with its photos. */
    async fromListing(uuid: string): Promise<Draft> {
      const { accountId, client } = ctx.clientOf();
      let listing: Listing;
      try {
        listing = await client.getListing(uuid);
      } catch (error) {
        throw await ctx.fail(accountId, uuid, error);
      }
      // Every photo is fetched before the draft is made: a copy short of a photo is not a copy.
      const bytes: Uint8Array[] = [];
      for (const [i, url] of listing.urls.entries()) bytes.push(await download(url, i + 1));
      try {
        const sources = await copySources(accountId, client, uuid);
        const sent = deps.sentCategories?.get(uuid);
        // A path a live edit sent stands for its last segment as well as the linked draft's would.
        const shown = fullCategory(listing.category, sent);
        const draft = await store.create(
          draftInitFromListing({ ...listing, category: shown }, ctx.accounts.record(accountId), sources),
        );
        const results = await intakeMany(
          bytes.map((data, i) => ({ bytes: data, name: `listing-photo-${i + 1}` })),
          { destDir: photoFolder(ctx.dataDir, draft.id), maxEdge: ctx.maxEdge() },
        );
        const photos: DraftPhoto[] = [];
        for (const result of results) {
          if (!result.ok) {
            ctx.log.info(`Copy of listing ${uuid}: a photo was not taken in (${result.code})`);
            continue;
          }
          photos.push({
            ...result.photo,
            file: toDataPath(ctx.dataDir, result.photo.file),
            thumb: toDataPath(ctx.dataDir, result.photo.thumb),
          });
        }
        const saved = await store.update(draft.id, (current) => ({ ...current, photos }));
        deps.onChange([saved.id]);
        return saved;
      } catch (error) {
        throw appErrorOf(error);
      }
    },
  };
}

/** The copy operation. */
export type DraftCopy = ReturnType<typeof createDraftCopy>;
