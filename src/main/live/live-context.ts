// What the live operations share: the accounts' clients, the listings cache they keep in step, the
// publications, one lock per listing (so two changes to one listing never interleave: an order
// computed before a photo arrived would be refused), and a scratch folder in the data folder.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Draft } from '../../shared/domain/drafts';
import type { ListingView } from '../../shared/ipc/types';
import type { AccountsService } from '../accounts/accounts-service';
import type { AppError } from '../errors/app-error';
import type { ListingsService } from '../listings/listings-service';
import { createKeyedLock } from '../publish/pacing';
import type { ServiceClient } from '../service-client';
import { liveError } from './live-errors';
import { Publications, type PublicationsEngine } from './publications';

/** What the live services are built from. */
export interface LiveDeps {
  dataDir: string;
  accounts: Pick<AccountsService, 'activeId' | 'client' | 'record'>;
  listings: Pick<ListingsService, 'remember' | 'forget'>;
  engine: PublicationsEngine;
  /** Longest edge of photos taken in (the seller's setting). */
  maxEdge(): number;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
}

/** The shared parts of the live services. */
export interface LiveContext extends LiveDeps {
  publications: Publications;
  /** Runs changes of one listing one at a time. */
  exclusive<T>(listingUuid: string, task: () => Promise<T>): Promise<T>;
  /** The client of an account (the active one by default). */
  clientOf(accountId?: string | null): { accountId: string; client: ServiceClient };
  /** The AppError of a failure on `listingUuid`; a listing the service no longer has leaves the cache. */
  fail(accountId: string, listingUuid: string, error: unknown): Promise<AppError>;
  /**
   * Keeps the account's listings view in step with a listing just read. `linked`: its linked draft
   * as the caller has just written it (found and read again otherwise).
   */
  remember(accountId: string, listing: ListingView, linked?: Draft): Promise<void>;
  /**
   * What follows an ad ended by a job rather than the lifecycle (an approved request, issue 37.4):
   * its linked drafts lose the link as after a direct end (set by createLive; the caller holds the
   * listing's lock). Without it the listing only leaves the account's list.
   */
  ended?(accountId: string, listingUuid: string, sold: boolean): Promise<void>;
  /** Runs `task` with a fresh scratch folder under the data folder, removed afterwards. */
  withWorkDir<T>(task: (dir: string) => Promise<T>): Promise<T>;
}

/** Builds the shared parts. */
export function createLiveContext(deps: LiveDeps): LiveContext {
  const lock = createKeyedLock();
  const scratch = path.join(deps.dataDir, 'live-uploads');
  // Left by a quit or crash in the middle of an upload; nothing runs yet that could be using it.
  try {
    rmSync(scratch, { recursive: true, force: true });
  } catch (error) {
    deps.log.error(`Could not remove ${scratch}`, error);
  }
  return {
    ...deps,
    publications: new Publications(deps.engine),
    exclusive: (listingUuid, task) => lock(listingUuid, task),
    clientOf(accountId) {
      const id = accountId ?? deps.accounts.activeId();
      try {
        return { accountId: id, client: deps.accounts.client(id) };
      } catch (error) {
        throw liveError(error);
      }
    },
    async fail(accountId, listingUuid, error) {
      const appError = liveError(error);
      const problem = (appError.details as { problem?: string } | undefined)?.problem;
      if (problem === 'listing-not-found') await deps.listings.forget(accountId, listingUuid);
      return appError;
    },
    remember: (accountId, listing) => deps.listings.remember(accountId, listing),
    async withWorkDir(task) {
      const dir = path.join(scratch, randomUUID());
      await mkdir(dir, { recursive: true });
      try {
        return await task(dir);
      } finally {
        await rm(dir, { recursive: true, force: true }).catch((error: unknown) =>
          deps.log.error(`Could not remove ${dir}`, error),
        );
      }
    },
  };
}
