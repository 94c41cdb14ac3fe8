// Photos larger than the service takes (issue 14.5), tried as a German seller would: an external
// sandbox that refuses media over 60 KB with 413 "Media is too large."; a draft of three ~230 KB
// photos goes live with smaller copies, in order; a photo that stays too large even at 1024 px ends
// the job as needing the seller, naming the photo and the size the service took, in German.
import sharp from 'sharp';
import { startSandbox } from '../../src/sandbox';
import { PHOTO_COLOURS, noisyJpeg, writeJpegDraft } from '../fixtures/big-photos';
import { addPublishingAccount } from '../helpers/real-account';
import { call, desk } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'seller-small-media', clientSecret: 'small-media-secret-3f8a' };
const LIMIT = 60_000;
const COLOURS = PHOTO_COLOURS.slice(0, 3);

test('photos over the service’s limit go live smaller; one too large at 1024 px is named (German)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const sb = await startSandbox({ clients: [CLIENT], maxMediaBytes: LIMIT, validationDelayMs: 100 });
  const dataDir = testInfo.outputPath('data');
  const big = await Promise.all(COLOURS.map((colour) => noisyJpeg(colour)));
  const fits = writeJpegDraft(dataDir, 'Kamera mit Zubehör', 'KAMERA', big);
  // Pure noise: even at 1024 px and the lowest quality it stays far above 60 KB.
  const noise = writeJpegDraft(dataDir, 'Rauschbild', 'RAUSCHEN', [
    await noisyJpeg([128, 128, 128], 1600, 255),
  ]);
  expect(big.every((photo) => photo.length > LIMIT * 2)).toBe(true);
  const { shell, child } = await launchShell(dataDir, { LANG: 'de_DE.UTF-8' });
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(shell.url);
    const account = await addPublishingAccount(desk(page), sb, 'Kleiner Dienst', CLIENT);
    // Drafts stored without an account were given the one selected at start (Sandbox): move them.
    await call(page, 'drafts:move-account', { ids: [fits.id, noise.id], accountId: account.id });

    await call(page, 'publish:start', { draftIds: [fits.id] });
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Veröffentlichung/ })
      .click();
    const card = page.getByRole('article', { name: 'Kamera mit Zubehör' });
    await expect(card.getByTestId('job-state')).toHaveText('Online', { timeout: 45_000 });

    // On the service: the three photos, each once, in order, each within the limit and smaller.
    const stats = sb.stats();
    expect(stats.clients[CLIENT.clientId]).toMatchObject({ listings: 1, media: 3, publications: 1 });
    expect(stats.requests['POST /v1/listings/:uuid/media']?.['413']).toBeGreaterThanOrEqual(1);
    const listings = (await call(page, 'listings:list', { refresh: true })).listings;
    const listing = listings.find((l) => l.title === 'Kamera mit Zubehör')!;
    expect(listing.urls).toHaveLength(3);
    for (const [p, url] of listing.urls.entries()) {
      const image = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(image.length).toBeLessThanOrEqual(LIMIT);
      const means = (await sharp(image).stats()).channels.slice(0, 3).map((c) => c.mean);
      means.forEach((mean, c) => expect(Math.abs(mean - COLOURS[p]![c]!)).toBeLessThan(12));
    }

    // A photo that cannot be made small enough: the job needs the seller, who reads why in German.
    await call(page, 'publish:start', { draftIds: [noise.id] });
    const failed = page.getByRole('article', { name: 'Rauschbild' });
    await expect(failed.getByTestId('job-state')).toHaveText('Braucht Sie', { timeout: 45_000 });
    const alert = failed.getByRole('alert');
    await expect(alert).toContainText('Foto zu groß');
    await expect(alert).toContainText('„RAUSCHEN_1.jpg“ ist auch mit 1024 px');
    // Not in English (only "Details" keeps the service's own words), and not said twice.
    await expect(alert).not.toContainText('too large for the service');
    await expect(alert).toContainText('413 · PAYLOAD_TOO_LARGE · Media is too large.');
    expect((await alert.innerText()).split('RAUSCHEN_1.jpg').length).toBe(2);
    await expect(alert).toContainText(/Der Dienst hat Fotos bis \d+,\d KB angenommen/);
    // Nothing refused is left on the service; the listing stays for the next try.
    expect(sb.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 2, media: 3, publications: 1 });
    await page.screenshot({ path: testInfo.outputPath('large-photos-de.png'), fullPage: true });
  } finally {
    await context.close();
    await stopShell(child);
    await sb.close();
  }
});
