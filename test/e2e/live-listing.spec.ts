// Managing what is live, tried as a seller would: a published ad's price is changed in Listings and
// its photos are put in another order there, and the service's own `GET /v1/listings/{uuid}` shows
// both. The draft the ad came from follows (issue 23.1): "Publish changes" then sends only what the
// seller changed in the draft, never the old price or order back; where both sides changed a field,
// the seller picks, seeing both.
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { addPublishingAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'live-seller', clientSecret: 'live-secret-8d1f0a' };

interface ServiceListing {
  adPrice: { amount: number };
  urls: string[];
}

async function publishedListing(page: Page, draftId: string): Promise<string> {
  await call(page, 'publish:start', { draftIds: [draftId] });
  let listingUuid: string | null = null;
  await expect
    .poll(
      async () => {
        const job = (await call(page, 'publish:list')).jobs.find((entry) => entry.draftId === draftId);
        listingUuid = job?.listingUuid ?? null;
        return job?.state;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe('published');
  return listingUuid!;
}

/** An account on an external sandbox in the app, and one draft of three photos published on it. */
async function publishedSofa(page: Page, remote: Sandbox) {
  await addPublishingAccount(desk(page), remote, 'Live Shop', CLIENT);
  const draftId = await makeDraft(page, 1, { title: 'Sofa, grau', reference: 'LIVE-1', photos: 3 });
  const uuid = await publishedListing(page, draftId);
  const api = await Api.login(remote, CLIENT);
  const onService = async () => (await api.call('GET', `/v1/listings/${uuid}`)).body as ServiceListing;
  return { uuid, api, onService };
}

type Sofa = Awaited<ReturnType<typeof publishedSofa>> & { remote: Sandbox };

/** Each test: its own external sandbox and web shell, with the sofa published and the page open. */
const liveTest = test.extend<{ sofa: Sofa }>({
  sofa: async ({ page }, use, testInfo) => {
    const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
    const { shell, child } = await launchShell(testInfo.outputPath('data'));
    try {
      await page.goto(shell.url);
      await use({ ...(await publishedSofa(page, remote)), remote });
    } finally {
      await stopShell(child);
      await remote.close();
    }
  },
});

liveTest(
  'a live ad gets a new price and photo order in the app; its draft follows and never sends the old ones back',
  async ({ page, sofa }, testInfo) => {
    const { onService, remote } = sofa;
    const before = await onService();
    expect(before.adPrice.amount).toBe(120.5);
    expect(before.urls).toHaveLength(3);

    // In Listings: the price, through the edit form.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Listings/ })
      .click();
    await page.getByRole('button', { name: /Sofa, grau/ }).click();
    const detail = page.locator('.listing-detail');
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Change this live ad' });
    await expect(form).toContainText('Changes reach every publication of this listing');
    // Open values in seller words, as in the draft editor; the service keeps its codes.
    await expect(form.getByRole('combobox', { name: 'Price type' })).toHaveValue('Fixed price');
    await expect(form.getByRole('combobox', { name: 'Ad type' })).toHaveValue('Offer');
    await form.getByLabel('Price', { exact: true }).fill('75');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(detail.getByRole('status').filter({ hasText: 'Saved.' })).toContainText(
      'The change reaches every publication',
    );
    await expect(detail.locator('.price')).toContainText('75');
    await expect(detail.locator('.price')).toContainText('Fixed price');

    // The photos: the third becomes the cover, with the tile's own button.
    await detail.getByRole('button', { name: 'Make “Photo 3” the cover' }).click();
    await expect
      .poll(async () => (await onService()).urls)
      .toEqual([before.urls[2], before.urls[0], before.urls[1]]);
    const after = await onService();
    expect(after.adPrice).toEqual({ amount: 75, type: 'FIXED' });
    // The pane follows the service's urls.
    await expect(detail.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', before.urls[2]!);

    // The draft follows its live ad: the new price, the new order; nothing to send.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Drafts/ })
      .click();
    await page.getByRole('button', { name: /Sofa, grau/ }).click();
    const editor = page.locator('.draft-editor');
    const bar = page.locator('.live-diff');
    await expect(bar).toContainText('Same as the live ad.', { timeout: 15_000 });
    await expect(editor.getByLabel('Price', { exact: true })).toHaveValue('75');

    // The seller changes the title in the draft: only that goes live, shown before it is sent.
    await editor.getByLabel('Title', { exact: true }).fill('Sofa, grau, mit Hocker');
    await expect(bar).toContainText('Differs from the live ad: Title', { timeout: 15_000 });
    const compare = bar.getByRole('table', { name: 'Before publishing: each change and where it goes' });
    await expect(compare.getByRole('row')).toHaveCount(2);
    await expect(compare.getByRole('row', { name: /Title/ })).toContainText(
      'Sofa, grauSofa, grau, mit HockerDraft → live ad',
    );
    await page.setViewportSize({ width: 1280, height: 1000 });
    await bar.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: testInfo.outputPath('live-compare-en-light.png') });
    await bar.screenshot({ path: testInfo.outputPath('live-compare-en-light-bar.png') });
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    await expect(bar).toContainText('The live ad now matches this draft.', { timeout: 15_000 });
    const back = await onService();
    expect(back.adPrice.amount).toBe(75);
    expect(back.urls).toEqual(after.urls);
    expect((back as ServiceListing & { title: string }).title).toBe('Sofa, grau, mit Hocker');
    expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 1, media: 3 });
  },
);

liveTest(
  'a price changed on both sides: the seller sees both, cannot publish until picking, and picks',
  async ({ page, sofa }, testInfo) => {
    const { uuid, api, onService } = sofa;
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Drafts/ })
      .click();
    await page.getByRole('button', { name: /Sofa, grau/ }).click();
    const editor = page.locator('.draft-editor');
    const bar = page.locator('.live-diff');
    await expect(bar).toContainText('Same as the live ad.', { timeout: 15_000 });

    // Someone else lowers the price to 99 while the seller types 149 into the draft.
    await api.call('PUT', `/v1/listings/${uuid}`, { body: { price: { type: 'FIXED', amount: 99 } } });
    await editor.getByLabel('Price', { exact: true }).fill('149');
    const row = bar.getByRole('row', { name: /Price/ });
    await expect(row).toContainText('Changed on both sides: choose', { timeout: 15_000 });
    await expect(row).toContainText('€99.00');
    await expect(row).toContainText('€149.00');
    await expect(bar).toContainText('1 field was changed on both sides: choose its value first.');
    await expect(bar.getByRole('button', { name: 'Publish changes' })).toBeDisabled();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await bar.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: testInfo.outputPath('live-conflict-en-light.png') });
    await bar.screenshot({ path: testInfo.outputPath('live-conflict-en-light-bar.png') });

    await page.emulateMedia({ colorScheme: 'dark' });
    await call(page, 'settings:set', { language: 'de' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(bar.getByRole('row', { name: /Preis/ })).toContainText('Auf beiden Seiten geändert');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await bar.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: testInfo.outputPath('live-conflict-de-dark.png') });
    await bar.screenshot({ path: testInfo.outputPath('live-conflict-de-dark-bar.png') });
    await call(page, 'settings:set', { language: 'en' });
    await page.emulateMedia({ colorScheme: 'light' });

    // The live price stays: the draft takes it, and there is nothing left to send.
    await bar
      .getByRole('row', { name: /Price/ })
      .getByRole('button', { name: 'Keep the live value' })
      .click();
    await expect(bar).toContainText('Same as the live ad.', { timeout: 15_000 });
    await expect(editor.getByLabel('Price', { exact: true })).toHaveValue('99');
    expect((await onService()).adPrice.amount).toBe(99);
  },
);

liveTest(
  'photos changed on the service meanwhile: the app says so, shows them anew, and the next try works',
  async ({ page, sofa }, testInfo) => {
    const { uuid, api, onService } = sofa;
    const before = await onService();
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Listings/ })
      .click();
    await page.getByRole('button', { name: /Sofa, grau/ }).click();
    const detail = page.locator('.listing-detail');
    await expect(detail.getByRole('img', { name: 'Photo 3' })).toBeVisible();

    // Someone else (another app, the marketplace's site) removes the first photo.
    await api.call('DELETE', `/v1/listings/${uuid}/media?urls=${encodeURIComponent(before.urls[0]!)}`);
    await detail.getByRole('button', { name: 'Make “Photo 3” the cover' }).click();
    await expect(detail.getByRole('alert')).toContainText(
      'The photos changed on the service meanwhile. They have been reloaded: make the change again.',
    );
    // The service's own words stay one click away.
    await detail.getByRole('alert').getByText('Details').click();
    await expect(detail.getByRole('alert')).toContainText('400 · Bad Request · Invalid ordering');
    await page.screenshot({ path: testInfo.outputPath('live-error-details.png') });
    await expect(detail.getByRole('img')).toHaveCount(2);
    await detail.getByRole('button', { name: 'Make “Photo 2” the cover' }).click();
    await expect.poll(async () => (await onService()).urls).toEqual([before.urls[2], before.urls[1]]);
    await expect(detail.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', before.urls[2]!);
  },
);
