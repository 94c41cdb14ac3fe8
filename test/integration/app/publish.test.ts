// Publishing through the router, as the renderer uses it, on the app's own embedded sandbox: the
// job's changes arrive as events, the draft learns its listing and publication, a desktop
// notification is given (in the system's language, German here), and a published draft or one
// that is not complete is refused with a reason instead of being sent twice or half.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type {
  PublishJobView,
  PublishNotice,
  PublishStartResult,
  PublishState,
} from '../../../src/shared/domain/publishing/publish-job';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let temp: TempApp;
const notify = vi.fn<(title: string, body: string) => void>();
const folder = tempDir('listing-desk-publish-');

beforeEach(async () => {
  notify.mockClear();
  writeDraft(folder.dir, readyDraft(folder.dir, 1, { title: 'Kühlschrank', publication }, 2));
  writeDraft(folder.dir, { ...readyDraft(folder.dir, 3, { title: 'Ohne Fotos', publication }), photos: [] });
  temp = await createTempApp(folder.dir, { notify });
});
afterEach(async () => {
  await temp.remove();
  folder.remove();
});

const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);

it('publishes a draft: events, the draft linked, a German notification; no second publish', async () => {
  const changed: PublishJobView[] = [];
  const notices: PublishNotice[] = [];
  temp.app.events.subscribe((event, payload) => {
    if (event === 'publish:changed') changed.push(...(payload as { jobs: PublishJobView[] }).jobs);
    if (event === 'publish:notice') notices.push(payload as PublishNotice);
  });
  const { items } = await call<{ items: { id: string; title: string }[] }>('drafts:list');
  const fridge = items.find((item) => item.title === 'Kühlschrank')!;
  const bare = items.find((item) => item.title === 'Ohne Fotos')!;

  const { results } = await call<{ results: PublishStartResult[] }>('publish:start', {
    draftIds: [fridge.id, bare.id],
  });
  expect(results[0]).toMatchObject({ draftId: fridge.id, jobId: expect.any(String) });
  expect(results[1]).toMatchObject({ draftId: bare.id, error: { problem: 'not-publishable' } });

  await vi.waitFor(() => expect(notices).toHaveLength(1), { timeout: 15_000, interval: 50 });
  expect(notices[0]).toMatchObject({
    kind: 'live',
    draftId: fridge.id,
    title: 'Kühlschrank',
    actualState: 'PUBLISHED',
  });
  // The embedded service's ad is a test ad, and the notification says so (issue 26.4).
  expect(notify).toHaveBeenCalledWith(
    'Ihre Testanzeige ist online',
    `Kühlschrank · Anzeige ${notices[0]!.adId} · Testdienst (Sandbox), nicht der echte Marktplatz`,
  );
  // The panel heard every step: from queued to published, photos with their bytes.
  const states = changed.filter((job) => job.id === results[0]!.jobId).map((job) => job.state);
  expect(states[0]).toBe('queued');
  expect(states.at(-1)).toBe('published');
  expect(changed.some((job) => job.photos.some((photo) => photo.state === 'attached'))).toBe(true);

  const state = await call<PublishState>('publish:list');
  expect(state.jobs).toHaveLength(1);
  const job = state.jobs[0]!;
  expect(job).toMatchObject({ state: 'published', stepsDone: job.stepsTotal, bytesDone: job.bytesTotal });
  await vi.waitFor(async () =>
    expect((await call<Draft>('drafts:get', { id: fridge.id })).status).toBe('published'),
  );
  const draft = await call<Draft>('drafts:get', { id: fridge.id });
  expect(draft.remote).toMatchObject({ listingUuid: job.listingUuid, publicationUuid: job.publicationUuid });
  const listing = await call<{ urls: string[]; customReference: string }>('listings:get', {
    uuid: job.listingUuid,
  });
  expect(listing.urls).toHaveLength(2);
  expect(listing.customReference).toBe('REF-1');

  const again = await call<{ results: PublishStartResult[] }>('publish:start', { draftIds: [fridge.id] });
  expect(again.results[0]).toMatchObject({
    error: { problem: 'not-publishable', detail: 'Dieser Entwurf ist schon veröffentlicht.' },
  });
  expect((await call<PublishState>('publish:list')).jobs).toHaveLength(1);
  // Nothing is left to cancel or retry on a published job.
  expect(await call('publish:cancel', { jobId: job.id })).toEqual({ done: false });
  expect(await call('publish:retry', { jobId: job.id })).toEqual({ done: false });
}, 30_000);

it('refuses malformed publish calls with a validation error', async () => {
  const empty = await temp.app.router.call('publish:start', { draftIds: [] });
  expect(empty).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  const foreign = await temp.app.router.call('publish:cancel', { jobId: 'x', extra: true });
  expect(foreign).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
});
