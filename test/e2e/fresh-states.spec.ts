// States are never stale where a seller decides (issue 23.5), tried in the web shell against a
// sandbox of their own: what became of an ad after its job (sold, paused, gone from the service) is
// in the Publishing view; Listings read again what moved while the seller was in another view; and
// the Drafts list's photo count follows a removal at once (and its Undo).
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { addPublishingAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const CLIENT = { clientId: 'fresh-seller', clientSecret: 'fresh-secret-71c4d2' };

const nav = (page: Page, name: string) =>
  page
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(name) })
    .click();

/** The account of `remote`, selected. */
async function useAccount(page: Page, remote: Sandbox): Promise<void> {
  // A real account publishes only with an imprint of its own (issue 26.2).
  await addPublishingAccount(desk(page), remote, 'Frischer Laden', CLIENT);
}

/** One draft published and live; its listing's and publication's uuids. */
async function publishOne(page: Page, title: string): Promise<{ uuid: string; publicationUuid: string }> {
  const draftId = await makeDraft(page, 1, { title, reference: 'FRESH-1', photos: 1 });
  await call(page, 'publish:start', { draftIds: [draftId] });
  let found = { uuid: '', publicationUuid: '' };
  await expect
    .poll(
      async () => {
        const job = (await call(page, 'publish:list')).jobs.find((entry) => entry.draftId === draftId);
        found = { uuid: job?.listingUuid ?? '', publicationUuid: job?.publicationUuid ?? '' };
        return job?.state;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe('published');
  return found;
}

const jobCard = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('an ad after its job, in the Publishing view', () => {
  let remote: Sandbox;
  test.beforeEach(async () => {
    remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
  });
  test.afterEach(async () => {
    await remote.close();
  });

  test('an ad sold in Listings is shown sold, not live', async ({ page, shell }) => {
    await page.goto(shell.url);
    await useAccount(page, remote);
    await publishOne(page, 'Sofa, grau');
    await nav(page, 'Publishing');
    const card = jobCard(page, 'Sofa, grau');
    await expect(card.getByTestId('job-state')).toHaveText('Live');

    await nav(page, 'Listings');
    await page.getByRole('button', { name: /Sofa, grau/ }).click();
    await page.locator('.listing-detail').getByRole('button', { name: 'Sold…' }).click();
    await page
      .getByRole('dialog', { name: 'Mark “Sofa, grau” as sold?' })
      .getByRole('button', { name: 'Sold: delete ad' })
      .click();
    await expect(page.getByTestId('lifecycle-notice')).toContainText('was sold and taken down');

    await nav(page, 'Publishing');
    await expect(card.getByTestId('job-state')).toHaveText('Sold');
    await expect(card.getByTestId('job-later')).toContainText('Marked as sold; the ad was taken down');
    // The job is finished: nothing in it asks the seller to act.
    await expect(page.getByRole('button', { name: /^Need you/ })).toHaveText('Need you');
  });

  test('an ad paused in Listings is shown paused, and live again once resumed', async ({ page, shell }) => {
    await page.goto(shell.url);
    await useAccount(page, remote);
    const ad = await publishOne(page, 'Lampe, Messing');
    const adId = (await call(page, 'publications:get', { listingUuid: ad.uuid, uuid: ad.publicationUuid }))
      .adId;
    await nav(page, 'Listings');
    await page.getByRole('button', { name: /Lampe, Messing/ }).click();
    const publication = page.getByTestId('publication');
    await publication.getByRole('button', { name: `Pause ad ${adId}` }).click();
    await expect(publication).toContainText('Paused');

    await nav(page, 'Publishing');
    const card = jobCard(page, 'Lampe, Messing');
    await expect(card.getByTestId('job-state')).toHaveText('Paused');
    await expect(card.getByTestId('job-service-state')).toContainText('Paused');

    await nav(page, 'Listings');
    await page.getByRole('button', { name: /Lampe, Messing/ }).click();
    await page
      .getByTestId('publication')
      .getByRole('button', { name: `Resume ad ${adId}` })
      .click();
    await expect(
      page.getByTestId('publication').getByRole('button', { name: `Pause ad ${adId}` }),
    ).toBeVisible();
    await nav(page, 'Publishing');
    await expect(card.getByTestId('job-state')).toHaveText('Live');
    await expect(card.getByTestId('job-later')).toHaveCount(0);
  });

  test('an ad taken down elsewhere is shown gone when Publishing is shown again', async ({ page, shell }) => {
    // The page's clock is jumped forward instead of waiting for the view's age to pass.
    await page.clock.install();
    await page.goto(shell.url);
    await useAccount(page, remote);
    const ad = await publishOne(page, 'Vitrine, Eiche');
    await nav(page, 'Publishing');
    const card = jobCard(page, 'Vitrine, Eiche');
    await expect(card.getByTestId('job-state')).toHaveText('Live');

    await nav(page, 'Drafts');
    // Behind the app's back: another tool of the seller's takes the ad down.
    const api = await Api.login(remote, CLIENT);
    expect((await api.call('DELETE', `/v1/listings/${ad.uuid}`)).status).toBeLessThan(300);
    await page.clock.fastForward('01:00');
    await nav(page, 'Publishing');
    await expect(card.getByTestId('job-state')).toHaveText('Not on the service any more');
  });
});

test('Listings shown again reads what moved on the service meanwhile', async ({ page, shell }) => {
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 10 });
  try {
    const api = await Api.login(remote, CLIENT);
    const first = await api.listing({ title: 'Erster Stuhl', price: { type: 'FIXED', amount: 149 } });
    await page.clock.install();
    await page.goto(shell.url);
    await useAccount(page, remote);
    await nav(page, 'Listings');
    const summary = page.getByTestId('listings-summary');
    await expect(summary).toContainText('1 listing on Frischer Laden');
    await expect(page.getByRole('button', { name: /Erster Stuhl/ })).toContainText('149');
    await page.getByRole('button', { name: /Erster Stuhl/ }).click();
    const price = page.locator('.listing-detail .price');
    await expect(price).toContainText('149');

    await nav(page, 'Drafts');
    // Meanwhile, on the service: a second listing, and the first one's price lowered.
    await api.listing({ title: 'Zweiter Stuhl' });
    expect(
      (await api.call('PUT', `/v1/listings/${first}`, { body: { price: { type: 'FIXED', amount: 139 } } }))
        .status,
    ).toBeLessThan(300);
    // The seller comes back a minute later.
    await page.clock.fastForward('01:00');
    await nav(page, 'Listings');
    // The list stays on screen while it is read again (no blank view), then shows what moved.
    await expect(page.getByRole('button', { name: /Erster Stuhl/ })).toBeVisible();
    await expect(summary).toContainText('2 listings on Frischer Laden');
    await expect(page.getByRole('button', { name: /Erster Stuhl/ })).toContainText('139');
    // The listing open in the detail pane too: the seller decides on what the service has now.
    await expect(price).toContainText('139');
    await expect(page.getByTestId('listings-refreshing')).toHaveCount(0);
  } finally {
    await remote.close();
  }
});

test("the Drafts list's photo count follows a removal at once, and its Undo", async ({ page, shell }) => {
  await page.goto(shell.url);
  await makeDraft(page, 1, { title: 'Kommode', reference: 'C-1', photos: 3 });
  const row = page.getByRole('button', { name: /Kommode/ });
  await expect(row).toContainText('3 photos');
  await row.click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  await editor.getByRole('button', { name: 'Remove “IMG_1_2.png”' }).click();
  await expect(row).toContainText('2 photos');
  // Still within the removal's Undo: the row did not wait for it to run out.
  const undo = editor.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(row).toContainText('3 photos');
});
