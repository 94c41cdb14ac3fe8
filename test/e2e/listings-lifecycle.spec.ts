// An ad's whole life, tried as a seller would: a sold ad is taken down after a confirmation that
// names it (Escape first cancels, focus back on the button), is gone on the service, and its draft
// shows as ended; a publication is paused and resumed; a service that offers neither says so in
// plain words beside the buttons.
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { addPublishingAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'lifecycle-seller', clientSecret: 'lifecycle-secret-5e2a91' };

interface Ad {
  uuid: string;
  draftId: string;
  publicationUuid: string;
  api: Api;
  remote: Sandbox;
}

async function publishedAd(page: Page, remote: Sandbox): Promise<Omit<Ad, 'remote'>> {
  await addPublishingAccount(desk(page), remote, 'Lifecycle Shop', CLIENT);
  const draftId = await makeDraft(page, 1, { title: 'Sofa, grau', reference: 'LIFE-1', photos: 1 });
  await call(page, 'publish:start', { draftIds: [draftId] });
  let uuid = '';
  let publicationUuid = '';
  await expect
    .poll(
      async () => {
        const job = (await call(page, 'publish:list')).jobs.find((entry) => entry.draftId === draftId);
        uuid = job?.listingUuid ?? '';
        publicationUuid = job?.publicationUuid ?? '';
        return job?.state;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe('published');
  return { uuid, draftId, publicationUuid, api: await Api.login(remote, CLIENT) };
}

/** Each test: its own external sandbox and web shell, one ad published, the ad open in Listings. */
const adTest = test.extend<{ ad: Ad }>({
  ad: async ({ page }, use, testInfo) => {
    const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
    const { shell, child } = await launchShell(testInfo.outputPath('data'));
    try {
      await page.goto(shell.url);
      const ad = { ...(await publishedAd(page, remote)), remote };
      await page
        .getByRole('navigation')
        .getByRole('button', { name: /Listings/ })
        .click();
      await page.getByRole('button', { name: /Sofa, grau/ }).click();
      await expect(page.locator('.listing-detail h2')).toHaveText('Sofa, grau');
      await use(ad);
    } finally {
      await stopShell(child);
      await remote.close();
    }
  },
});

adTest(
  'Sold asks first, naming the ad; then it is gone on the service and its draft ended',
  async ({ page, ad }) => {
    const detail = page.locator('.listing-detail');
    const sold = detail.getByRole('button', { name: 'Sold…' });
    await sold.click();
    const dialog = page.getByRole('dialog', { name: 'Mark “Sofa, grau” as sold?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Its draft is kept and marked as ended');
    // The safe choice has focus; Escape keeps the ad, and focus goes back to the button.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(sold).toBeFocused();
    expect((await ad.api.call('GET', `/v1/listings/${ad.uuid}`)).status).toBe(200);

    await sold.click();
    await dialog.getByRole('button', { name: 'Sold: delete ad' }).click();
    const notice = page.getByTestId('lifecycle-notice');
    await expect(notice).toContainText('“Sofa, grau” was sold and taken down.');
    await expect(notice).toContainText('1 draft kept and marked as ended.');
    await expect(notice).toBeFocused();
    expect((await ad.api.call('GET', `/v1/listings/${ad.uuid}`)).status).toBe(404);
    await expect(page.getByRole('button', { name: /Sofa, grau/ })).toHaveCount(0);

    // The draft: kept, shown as ended, found by the status filter.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Drafts/ })
      .click();
    await page.getByLabel('Status').selectOption({ label: 'Ended (sold)' });
    const row = page.getByRole('button', { name: /Sofa, grau/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Ended');
    const draft = await call(page, 'drafts:get', { id: ad.draftId });
    expect(draft).toMatchObject({ status: 'ended', remote: null });
  },
);

adTest('a publication is paused and resumed; the service follows', async ({ page, ad }) => {
  const publication = page.getByTestId('publication');
  await expect(publication).toContainText('Live');
  const adId = (await call(page, 'publications:get', { listingUuid: ad.uuid, uuid: ad.publicationUuid }))
    .adId;
  await publication.getByRole('button', { name: `Pause ad ${adId}` }).click();
  await expect(publication).toContainText('Paused');
  const read = async () =>
    (await ad.api.call('GET', `/v1/listings/${ad.uuid}/publications/${ad.publicationUuid}`)).body as {
      requestedState: string;
      actualState: string;
    };
  expect(await read()).toMatchObject({ requestedState: 'PAUSED', actualState: 'PAUSED' });
  await publication.getByRole('button', { name: `Resume ad ${adId}` }).click();
  await expect(publication.getByRole('button', { name: `Pause ad ${adId}` })).toBeVisible();
  await expect(publication).toContainText('Live');
  expect(await read()).toMatchObject({ requestedState: 'PUBLISHED', actualState: 'PUBLISHED' });
});

adTest('a service without delete or pause: said in plain words beside the buttons', async ({ page, ad }) => {
  ad.remote.setQuirks({ listingDelete: 405, publicationStateChange: 501 });
  const detail = page.locator('.listing-detail');
  const remove = detail.getByRole('button', { name: 'Delete…' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Sofa, grau”?' });
  await expect(dialog).toContainText('the draft stays with all its content');
  await dialog.getByRole('button', { name: 'Delete ad' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.locator('.live-toolbar').getByRole('alert')).toContainText(
    'This service does not offer deleting ads.',
  );
  await expect(remove).toBeFocused();
  expect((await ad.api.call('GET', `/v1/listings/${ad.uuid}`)).status).toBe(200);

  const publication = page.getByTestId('publication');
  await publication.getByRole('button', { name: /^Pause/ }).click();
  await expect(publication.getByRole('alert')).toContainText(
    'This service does not offer pausing or resuming ads.',
  );
});

test('bulk: ticked ads are paused, then deleted after a confirmation naming them, one after another', async ({
  page,
  shell,
}) => {
  test.setTimeout(90_000);
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
  try {
    await page.goto(shell.url);
    const first = await publishedAd(page, remote);
    const lampId = await makeDraft(page, 2, { title: 'Lampe, Messing', reference: 'LIFE-2', photos: 1 });
    await call(page, 'publish:start', { draftIds: [lampId] });
    await expect
      .poll(async () => (await call(page, 'publish:list')).jobs.every((job) => job.state === 'published'), {
        timeout: 20_000,
        intervals: [100],
      })
      .toBe(true);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Listings/ })
      .click();
    await page.getByRole('checkbox', { name: /Sofa, grau/ }).check();
    await page.getByRole('checkbox', { name: /Lampe, Messing/ }).check();
    const bar = page.locator('.listings-selection-bar');
    await bar.getByRole('button', { name: 'Pause' }).click();
    const results = page.getByTestId('lifecycle-bulk');
    await expect(results).toContainText('Pausing: 2 of 2 done.');
    await expect(results.getByRole('listitem')).toHaveCount(2);
    await expect(results.getByRole('listitem').filter({ hasText: 'Sofa, grau: done' })).toHaveCount(1);
    await expect(results.getByRole('listitem').filter({ hasText: 'Lampe, Messing: done' })).toHaveCount(1);
    const pub = (
      await first.api.call('GET', `/v1/listings/${first.uuid}/publications/${first.publicationUuid}`)
    ).body as { requestedState: string };
    expect(pub.requestedState).toBe('PAUSED');

    await bar.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 ads?' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog).toContainText('Sofa, grau');
    await expect(dialog).toContainText('Lampe, Messing');
    await dialog.getByRole('button', { name: 'Delete 2 ads' }).click();
    await expect(results).toContainText('Deleting: 2 of 2 done.');
    await expect(results).toBeFocused();
    expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 0 });
  } finally {
    await remote.close();
  }
});
