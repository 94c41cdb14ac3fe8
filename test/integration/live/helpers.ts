// Helpers of the live suite: the real app over a temporary data folder, with drafts published on
// its embedded sandbox through the router (as the renderer does), and a direct client of that
// sandbox standing in for "someone else" changing the listing meanwhile. Nothing is mocked.
import { expect, vi } from 'vitest';
import type { AppConfig, AppPorts } from '../../../src/main/app';
import type { Sandbox } from '../../../src/sandbox';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import type { IpcErrorData } from '../../../src/shared/ipc/envelope';
import type { ListingView } from '../../../src/shared/ipc/types';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { Api } from '../sandbox/helpers';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

/** A draft published by the app: its ids on the service. */
export interface Published {
  draftId: string;
  listingUuid: string;
  publicationUuid: string;
  jobId: string;
}

export interface LiveApp {
  temp: TempApp;
  /** The app's embedded sandbox. */
  sb: Sandbox;
  /** A direct client of the sandbox, as the app's own account. */
  api: Api;
  published: Published[];
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** Calls a channel that must fail; resolves with the error. */
  fail(channel: string, input?: unknown): Promise<IpcErrorData>;
  /** The listing as the sandbox has it now. */
  listing(uuid: string): Promise<ListingView>;
  /** Request count of a sandbox route (all statuses). */
  requests(route: string): number;
  close(): Promise<void>;
}

/**
 * Starts the app with `photos.length` drafts (draft i with photos[i] photos) and publishes them all,
 * waiting until every job is 'published'.
 */
export async function liveApp(
  photos: number[] = [2],
  ports: Partial<AppPorts> = {},
  config: Partial<AppConfig> = {},
): Promise<LiveApp> {
  const folder = tempDir('listing-desk-live-');
  for (const [i, count] of photos.entries()) {
    const fields = { title: `Artikel ${i + 1}`, customReference: `LIVE-${i + 1}`, publication };
    writeDraft(folder.dir, readyDraft(folder.dir, 10 * (i + 1), fields, count));
  }
  const temp = await createTempApp(folder.dir, ports, config);
  const sb = temp.app.sandbox.sandbox;
  sb.configure({ validationDelayMs: 50 });
  const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);
  const { items } = await call<{ items: { id: string }[] }>('drafts:list');
  if (items.length > 0) await call('publish:start', { draftIds: items.map((item) => item.id) });
  await vi.waitFor(
    async () => {
      const { jobs } = await call<PublishState>('publish:list');
      expect(jobs.map((job) => job.state)).toEqual(items.map(() => 'published'));
    },
    { timeout: 20_000, interval: 100 },
  );
  const { jobs } = await call<PublishState>('publish:list');
  const published = jobs.map((job) => ({
    draftId: job.draftId,
    listingUuid: job.listingUuid!,
    publicationUuid: job.publicationUuid!,
    jobId: job.id,
  }));
  // The draft learns its link a moment after the job settles.
  for (const p of published) {
    await vi.waitFor(async () =>
      expect((await call<Draft>('drafts:get', { id: p.draftId })).status).toBe('published'),
    );
  }
  const api = await Api.login(sb, sb.clients[0]);
  return {
    temp,
    sb,
    api,
    published,
    call,
    fail: (channel, input) => temp.fail(channel, input),
    async listing(uuid) {
      const res = await api.call('GET', `/v1/listings/${uuid}`);
      return res.body as ListingView;
    },
    requests(route) {
      return Object.values(sb.stats().requests[route] ?? {}).reduce((sum, n) => sum + n, 0);
    },
    async close() {
      await temp.remove();
      folder.remove();
    },
  };
}

/** The bytes each media URL serves, in order. */
export async function mediaBytes(urls: readonly string[]): Promise<Buffer[]> {
  return Promise.all(urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
}
