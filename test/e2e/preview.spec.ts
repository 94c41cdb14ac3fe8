// The Preview, tried as a seller would: a draft of three photos is seen as buyers will see it (the
// cover first and the others in order, paged with the arrow keys, title, price with its type,
// attributes, location without the street, the e-mail kept back), in English and in German, and
// the fields still missing are named. Then the same ad, published, previewed from Listings with the
// service's own photo addresses.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { giveImprint } from '../helpers/imprint';
import { keyLabel, valueLabel } from './catalog-labels';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

// The sample draft's condition as the catalog labels it (its category is not in the catalog: the
// label of the first category listing the value).
const FRIDGES = 'Haushalt/Kühlschränke';
const condition = (language: 'en' | 'de') => ({
  key: keyLabel('condition', language),
  value: valueLabel(FRIDGES, 'condition', 'like_new', language),
});

const IMPRINT = 'Möbelhaus Schmidt GmbH\nIndustriestraße 7, 12099 Berlin\nHRB 12345';

function editorOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Draft editor' });
}

/** The src of each image in `scope`, in order. */
function sources(scope: Locator): Promise<string[]> {
  return scope.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
}

/** A draft of three photos whose third was made the cover, on an account with a default imprint. */
async function sofaDraft(page: Page) {
  const accountId = (await call(page, 'accounts:list')).activeId;
  const account = await giveImprint(desk(page), accountId, IMPRINT);
  await call(page, 'imprints:set-default', { accountId, uuid: account.imprints[0]!.uuid });
  const draftId = await makeDraft(page, 1, { title: 'Sofa, grau', reference: 'PV-1', photos: 3 });
  const before = await call(page, 'drafts:get', { id: draftId });
  const [first, second, third] = before.photos.map((photo) => photo.id) as [string, string, string];
  const draft = await call(page, 'drafts:set-photos', { draftId, photoIds: [third, first, second] });
  return { draftId, draft };
}

/** The serious and critical axe findings inside the open dialog, light and dark. */
async function dialogFindings(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include('dialog').analyze();
    for (const violation of results.violations)
      if (violation.impact === 'serious' || violation.impact === 'critical')
        findings.push(
          `${colorScheme}: ${violation.id} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}

async function openDraft(page: Page, title: RegExp) {
  await page.getByRole('region', { name: 'Draft list' }).getByRole('button', { name: title }).click();
  await expect(editorOf(page).getByRole('heading', { level: 2 })).toHaveText('Sofa, grau');
}

test('a draft is previewed as buyers will see it, in English and German, with what is still missing', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const { draft } = await sofaDraft(page);
  await page.reload();
  await openDraft(page, /Sofa, grau/);

  const button = editorOf(page).getByRole('button', { name: 'Preview', exact: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This is how buyers will see your ad.');
  await expect(dialog.getByTestId('preview-missing')).toHaveCount(0);

  // Photos: the cover (the photo made first) large, then all three in the draft's order.
  const gallery = dialog.getByRole('region', { name: 'Photos' });
  const stage = gallery.getByRole('img', { name: 'Photo 1 of 3' }).first();
  await expect(stage).toHaveAttribute('src', draft.photos[0]!.file);
  await expect(gallery).toContainText('Cover photo');
  const strip = gallery.getByRole('list');
  expect(await sources(strip)).toEqual(draft.photos.map((photo) => photo.thumb));

  // The arrow keys page through the photos from the strip, focus following.
  await strip.getByRole('button').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.locator('.ad-gallery-stage img')).toHaveAttribute('src', draft.photos[1]!.file);
  await expect(gallery.locator('.ad-gallery-stage img')).toHaveAttribute('alt', 'Photo 2 of 3');
  await expect(strip.getByRole('button').nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(gallery.locator('.ad-gallery-stage img')).toHaveAttribute('src', draft.photos[2]!.file);
  await page.keyboard.press('ArrowRight');
  await expect(gallery.locator('.ad-gallery-stage img')).toHaveAttribute('src', draft.photos[0]!.file);

  // The ad: title, price with its type in words, attributes, location without the street.
  await expect(dialog.getByRole('heading', { level: 3, name: 'Sofa, grau' })).toBeVisible();
  await expect(dialog.locator('.ad-price')).toHaveText('€120.50 Fixed price');
  await expect(dialog).toContainText('Shipping possible');
  const details = dialog.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('definition')).toHaveText(['Offer', condition('en').value]);
  await expect(details.getByRole('term')).toHaveText(['Ad type', condition('en').key]);
  await expect(dialog.getByRole('region', { name: 'Description' })).toContainText(
    'Beschreibung von Artikel 1.',
  );
  const location = dialog.getByRole('region', { name: 'Location' });
  await expect(location.getByTestId('ad-place')).toHaveText('10115 Berlin – Mitte');
  await expect(location).toContainText('Within 25 km');
  const seller = dialog.getByRole('region', { name: 'Seller' });
  await expect(seller).toContainText('Erika Mustermann');
  await expect(seller).toContainText('+49 30 1234567');
  await expect(seller).toContainText('buyers do not see your e-mail address');
  expect(await dialogFindings(page)).toEqual([]);
  await expect(dialog.getByRole('region', { name: 'Imprint' })).toHaveText(`Imprint${IMPRINT}`);
  await expect(dialog).not.toContainText(draft.publication.street);
  await expect(dialog).not.toContainText(draft.email);

  // Escape closes; focus is back on the Preview button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // What is typed shows at once, saved or not; a field emptied is named as missing.
  await editorOf(page).getByLabel('Title', { exact: true }).fill('');
  await button.click();
  const missing = dialog.getByTestId('preview-missing');
  await expect(missing).toContainText('Missing before you can publish');
  await expect(missing.getByRole('listitem')).toHaveText(['Title']);
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText('(No title yet)');
  await dialog.getByRole('button', { name: 'Close preview' }).click();
  await expect(button).toBeFocused();
  await editorOf(page).getByLabel('Title', { exact: true }).fill('Sofa, grau');

  // German: the app's words in German, the ad as entered.
  await call(page, 'settings:set', { language: 'de' });
  const vorschau = page.getByRole('button', { name: 'Vorschau', exact: true });
  await vorschau.click();
  const dialogDe = page.getByRole('dialog', { name: 'Vorschau' });
  await expect(dialogDe).toContainText('So sehen Käufer Ihre Anzeige.');
  await expect(dialogDe.getByRole('img', { name: 'Foto 1 von 3' }).first()).toHaveAttribute(
    'src',
    draft.photos[0]!.file,
  );
  await expect(dialogDe.getByRole('heading', { level: 3, name: 'Sofa, grau' })).toBeVisible();
  await expect(dialogDe.locator('.ad-price')).toHaveText(/^120,50\s€ Festpreis$/);
  await expect(dialogDe).toContainText('Versand möglich');
  const detailsDe = dialogDe.getByRole('region', { name: 'Details' });
  await expect(detailsDe.getByRole('term')).toHaveText(['Anzeigentyp', condition('de').key]);
  await expect(detailsDe.getByRole('definition')).toHaveText(['Angebot', 'Sehr Gut']);
  const standort = dialogDe.getByRole('region', { name: 'Standort' });
  await expect(standort.getByTestId('ad-place')).toHaveText('10115 Berlin – Mitte');
  await expect(standort).toContainText('Im Umkreis von 25 km');
  await expect(dialogDe.getByRole('region', { name: 'Anbieter' })).toContainText(
    'Käufer sehen Ihre E-Mail-Adresse nicht',
  );
  expect(await dialogFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(vorschau).toBeFocused();
});

test('a live ad is previewed from Listings with the photos the service shows, cover first', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const { draftId } = await sofaDraft(page);
  await call(page, 'publish:start', { draftIds: [draftId] });
  let listingUuid = '';
  await expect
    .poll(
      async () => {
        const job = (await call(page, 'publish:list')).jobs.find((entry) => entry.draftId === draftId);
        listingUuid = job?.listingUuid ?? '';
        return job?.state;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe('published');
  const listing = await call(page, 'listings:get', { uuid: listingUuid });
  expect(listing.urls).toHaveLength(3);

  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Listings/ })
    .click();
  await page.getByRole('button', { name: /Sofa, grau/ }).click();
  const detail = page.locator('.listing-detail');
  const button = detail.getByRole('button', { name: 'Preview', exact: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  await expect(dialog).toContainText('This is how buyers see your live ad.');
  await expect(dialog.getByTestId('preview-missing')).toHaveCount(0);
  const gallery = dialog.getByRole('region', { name: 'Photos' });
  await expect(gallery.locator('.ad-gallery-stage img')).toHaveAttribute('src', listing.urls[0]!);
  expect(await sources(gallery.getByRole('list'))).toEqual(listing.urls);
  await expect(dialog.getByRole('heading', { level: 3, name: 'Sofa, grau' })).toBeVisible();
  await expect(dialog.locator('.ad-price')).toHaveText('€120.50 Fixed price');
  await expect(dialog.getByRole('region', { name: 'Details' }).getByRole('definition')).toHaveText([
    'Offer',
    condition('en').value,
  ]);
  // The service shows a publication's postal code and the last segment of the category; the draft
  // the ad came from fills in the rest. The street never.
  await expect(dialog.getByRole('region', { name: 'Location' }).getByTestId('ad-place')).toHaveText(
    '10115 Berlin – Mitte',
  );
  await expect(dialog.getByRole('navigation', { name: 'Category' }).getByRole('listitem')).toHaveText([
    'Haushalt',
    'Kühlschränke',
  ]);
  await expect(dialog).not.toContainText('Hauptstraße');
  await expect(dialog.getByRole('region', { name: 'Imprint' })).toContainText('HRB 12345');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
