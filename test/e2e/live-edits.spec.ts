// Safe live edits (issue 15), tried as a seller would on a published ad: a photo leaves the live ad
// only after a confirmation naming it, and Undo puts the very image back at its place; the ad is
// edited with the draft editor's own controls (category path, attribute rows, price); and "Open as
// new draft" keeps the full category and the location the publication has now.
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { addPublishingAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'edit-seller', clientSecret: 'edit-secret-5c2e91' };

interface ServiceListing {
  category: string;
  attributes: Record<string, string>;
  adPrice: { amount: number; type: string };
  urls: string[];
}

/** An account on an external sandbox, and one draft of three photos published there. */
async function publishedSofa(page: Page, remote: Sandbox) {
  await addPublishingAccount(desk(page), remote, 'Edit Shop', CLIENT);
  const draftId = await makeDraft(page, 1, { title: 'Sofa, grau', reference: 'EDIT-1', photos: 3 });
  await call(page, 'publish:start', { draftIds: [draftId] });
  let uuid = '';
  await expect
    .poll(
      async () => {
        const job = (await call(page, 'publish:list')).jobs.find((entry) => entry.draftId === draftId);
        uuid = job?.listingUuid ?? '';
        return job?.state;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe('published');
  const api = await Api.login(remote, CLIENT);
  const onService = async () => (await api.call('GET', `/v1/listings/${uuid}`)).body as ServiceListing;
  return { uuid, onService };
}

type Sofa = Awaited<ReturnType<typeof publishedSofa>> & { remote: Sandbox };

const editTest = test.extend<{ sofa: Sofa }>({
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

async function openSofa(page: Page) {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Listings/ })
    .click();
  await page.getByRole('button', { name: /Sofa, grau/ }).click();
  return page.locator('.listing-detail');
}

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

editTest(
  'a live photo goes only after a confirmation naming it, and Undo puts it back',
  async ({ page, sofa }, testInfo) => {
    const { onService } = sofa;
    const before = await onService();
    const second = await bytesOf(before.urls[1]!);
    const detail = await openSofa(page);
    const remove = detail.getByRole('button', { name: 'Remove “Photo 2”' });

    // Asked first, naming the photo and showing it; keeping it changes nothing.
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove photo 2 of 3 from the live ad?' });
    await expect(dialog.getByRole('img', { name: 'photo 2 of 3' })).toHaveAttribute('src', before.urls[1]!);
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    expect((await onService()).urls).toEqual(before.urls);

    await remove.click();
    await dialog.getByRole('button', { name: 'Remove photo' }).click();
    await expect.poll(async () => (await onService()).urls).toEqual([before.urls[0], before.urls[2]]);
    const notice = detail.locator('.live-undo');
    await expect(notice).toContainText('Removed photo 2 of 3.');
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('live-photo-removed.png') });

    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(notice).toContainText('Photo 2 is back in its place.');
    const after = await onService();
    expect(after.urls).toHaveLength(3);
    expect([after.urls[0], after.urls[2]]).toEqual([before.urls[0], before.urls[2]]);
    expect((await bytesOf(after.urls[1]!)).equals(second)).toBe(true);
    await expect(detail.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', after.urls[1]!);
  },
);

editTest(
  'a live ad is changed with the draft editor’s controls: category path, attribute rows, price',
  async ({ page, sofa }) => {
    const { onService, remote } = sofa;
    const detail = await openSofa(page);
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Change this live ad' });
    // The full path, though the service answers only its last segment.
    expect((await onService()).category).toBe('Kühlschränke');
    const category = form.getByRole('combobox', { name: 'Category' });
    await expect(category).toHaveValue('Haushalt/Kühlschränke');
    await expect(form.getByRole('combobox', { name: 'Attribute 1: name' })).toHaveValue('condition');

    await category.fill('Haushalt/Gefriertruhen');
    await form.getByRole('button', { name: 'Add attribute' }).click();
    await form.getByRole('combobox', { name: 'Attribute 3: name' }).fill('art');
    await form.getByRole('combobox', { name: 'Attribute 3: value' }).fill('Truhe');
    // The draft rules stand beside the field: a negative price is not sent.
    const price = form.getByLabel('Price', { exact: true });
    await price.fill('-5');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('alert')).toContainText('1 field is marked: fix it first');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await price.fill('80');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(detail.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

    const after = await onService();
    expect(after.adPrice).toEqual({ amount: 80, type: 'FIXED' });
    expect(after.attributes).toEqual({ condition: 'like_new', versand: 'ja', art: 'Truhe' });
    expect(after.category).toBe('Gefriertruhen');
    // The form opens again on the path it sent; the service holds that very path.
    await detail.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('Haushalt/Gefriertruhen');
    remote.setQuirks({ categoryResponse: 'path' });
    expect((await onService()).category).toBe('Haushalt/Gefriertruhen');
  },
);

editTest(
  '"Open as new draft" keeps the full category and the publication’s changed location',
  async ({ page, sofa }) => {
    const { uuid } = sofa;
    const [publication] = await call(page, 'listings:publications', { uuid });
    await call(page, 'publications:update', {
      listingUuid: uuid,
      uuid: publication!.uuid,
      patch: { street: 'Neue Allee 7', city: 'Hamburg', district: 'Altona', postalCode: '22765' },
    });
    const detail = await openSofa(page);
    await detail.getByRole('button', { name: 'Open as new draft' }).click();

    const editor = page.locator('.draft-editor');
    await expect(editor.getByRole('combobox', { name: 'Category' })).toHaveValue('Haushalt/Kühlschränke');
    await expect(editor.getByLabel('Street')).toHaveValue('Neue Allee 7');
    await expect(editor.getByLabel('City')).toHaveValue('Hamburg');
    await expect(editor.getByLabel('District')).toHaveValue('Altona');
    await expect(editor.getByLabel('Postal code')).toHaveValue('22765');
    await expect(editor.getByLabel('Title')).toHaveValue('Sofa, grau');
  },
);
