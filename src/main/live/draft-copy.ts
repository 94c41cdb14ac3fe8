// Any live listing opened as a new draft: a copy with the listing's fields and its photos, fetched
// from the listing's media URLs in order and taken in like dropped photos. The copy is not linked
// (publishing it makes a new listing), and its reference is cleared: the publish engine finds a
// listing by its reference after a lost answer, so the copy must not share the original's.
import type { Draft, DraftInit, DraftPhoto } from '../../shared/domain/draft';
import type { Listing } from '../../shared/service';
import type { AccountView } from '../../shared/ipc/types';
import { draftInitFromDefaults, appErrorOf } from '../drafts/drafts-service';
import { AppError } from '../ipc/app-error';
import { INTAKE_DEFAULTS } from '../media/intake';
import { intakeMany } from '../media/intake-queue';
import type { DraftsStore } from '../storage/drafts-store';
import { photoFolder, toDataPath } from '../storage/draft-files';
import type { LiveContext } from './live-context';

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** What the copy needs besides the live context. */
export interface DraftCopyDeps {
  store: DraftsStore;
  onChange(ids: string[]): void;
}

/** A new draft's fields from a listing (and the account's defaults for what a listing lacks). */
export function draftInitFromListing(listing: Listing, account: AccountView): DraftInit {
  const defaults = draftInitFromDefaults(account);
  return {
    accountId: account.id,
    title: listing.title,
    category: listing.category,
    description: listing.description,
    attributes: { ...listing.attributes },
    adType: listing.adType,
    // The editor holds the price as the seller types it.
    price: { type: listing.adPrice.type, amount: String(listing.adPrice.amount) },
    email: listing.email,
    phoneNumber: listing.phoneNumber ?? null,
    customReference: null,
    contactPerson: listing.contactPerson ?? null,
    buyNow: listing.buyNow ?? null,
    // Where the ad is shown is the publication's, which a listing does not carry.
    publication: defaults.publication,
  };
}

/** Fetches one media URL's bytes (no authentication: media URLs are served like a CDN's). */
async function download(url: string, n: number): Promise<Uint8Array> {
  const fail = (why: string, status?: number) =>
    new AppError('service', `Photo ${n} of the listing could not be fetched (${why}). Try again later.`, {
      problem: status === undefined ? 'unreachable' : 'http',
      message: `Photo ${n} of the listing could not be fetched (${why}). Try again later.`,
      ...(status !== undefined && { status }),
    });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail('its address is not valid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw fail('its address is not a web address');
  let response: Response;
  try {
    response = await fetch(parsed, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw fail(`status ${response.status}`, response.status);
  const declared = Number(response.headers.get('content-length'));
  // The intake refuses larger files anyway; they are not read whole first.
  if (declared > INTAKE_DEFAULTS.maxInputBytes) throw fail('it is larger than 50 MB');
  return new Uint8Array(await response.arrayBuffer());
}

/** Builds the copy operation over the shared live context. */
export function createDraftCopy(ctx: LiveContext, deps: DraftCopyDeps) {
  const { store } = deps;
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
        const draft = await store.create(draftInitFromListing(listing, ctx.accounts.record(accountId)));
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
