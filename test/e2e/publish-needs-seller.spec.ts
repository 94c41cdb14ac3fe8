// A rejection under a state name the app has never seen (issue 14.4), tried as a seller would: an
// external sandbox that names a failed validation NOT_APPROVED and lists two items its schema does
// not allow. The draft's publication is turned down (an imprint the service does not know); with the
// real 30 s rule the job ends as needing the seller within a minute, saying what the service says
// and what to do; the Listings view shows the readable listing and names the unreadable ones. In
// English and in German, with screenshots in light and dark.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { ODD_LISTING_UUID } from '../../src/sandbox/render';
import { sampleDraft } from '../fixtures/drafts';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { addPublishingAccount } from '../helpers/real-account';
import { call, desk } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'seller-strict-review', clientSecret: 'strict-review-secret-5c1e' };
// An imprint the service does not know: it takes the publication, then turns the ad down.
const UNKNOWN_IMPRINT = '99999999-2222-4333-8444-555555555555';

const WORDS = {
  en: {
    lang: 'en_US.UTF-8',
    locale: 'en-US',
    nav: /Publishing/,
    listingsNav: /Listings/,
    badge: 'Needs you',
    title: 'Needs you: the service says NOT_APPROVED',
    todo: 'press Check again',
    state: 'State on the service: NOT_APPROVED',
    check: 'Check again',
    notice: '“Gartenbank Teak” needs you',
    unreadable: '2 listings could not be read',
    row: `Listing ${ODD_LISTING_UUID} could not be read`,
    noId: 'An entry without a listing ID (number 3',
  },
  de: {
    lang: 'de_DE.UTF-8',
    locale: 'de-DE',
    nav: /Veröffentlichung/,
    listingsNav: /Anzeigen/,
    badge: 'Braucht Sie',
    title: 'Braucht Sie: der Dienst meldet NOT_APPROVED',
    todo: 'drücken Sie dann „Erneut prüfen“',
    state: 'Status beim Dienst: NOT_APPROVED',
    check: 'Erneut prüfen',
    notice: '„Gartenbank Teak“ braucht Sie',
    unreadable: '2 Anzeigen konnten nicht gelesen werden',
    row: `Anzeige ${ODD_LISTING_UUID} konnte nicht gelesen werden`,
    noId: 'Ein Eintrag ohne Anzeigen-ID (Nummer 3',
  },
} as const;

async function needsSeller(browser: Browser, language: keyof typeof WORDS): Promise<void> {
  const w = WORDS[language];
  // Validation takes a moment (as on a real service), so the first read sees the pending state.
  const sb = await startSandbox({
    clients: [CLIENT],
    validationDelayMs: 2_500,
    quirks: { stateNames: { rejected: 'NOT_APPROVED' }, listItems: 'odd' },
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const draft = readyDraft(dataDir, 1, {
    title: 'Gartenbank Teak',
    accountId: null,
    publication: { ...sampleDraft('x').publication, imprintUuid: UNKNOWN_IMPRINT },
  });
  writeDraft(dataDir, draft);
  const { shell, child } = await launchShell(dataDir, { LANG: w.lang });
  const context = await browser.newContext({ locale: w.locale });
  try {
    const page = await context.newPage();
    await page.goto(shell.url);
    const account = await addPublishingAccount(desk(page), sb, 'Strenger Dienst', CLIENT);
    // Drafts stored without an account were given the one selected at start (Sandbox): move it. The
    // move puts the account's default in place of an imprint it does not know; this test wants the
    // unknown one sent, so it is chosen again.
    await call(page, 'drafts:move-account', { ids: [draft.id], accountId: account.id });
    const moved = await call(page, 'drafts:get', { id: draft.id });
    await call(page, 'drafts:save', {
      draft: draftFieldsOf({ ...moved, publication: { ...moved.publication, imprintUuid: UNKNOWN_IMPRINT } }),
    });
    const started = Date.now();
    await call(page, 'publish:start', { draftIds: [draft.id] });
    await page.getByRole('navigation').getByRole('button', { name: w.nav }).click();
    const card = page.getByRole('article', { name: 'Gartenbank Teak' });
    await expect(card.getByTestId('job-state')).toHaveText(w.badge, { timeout: 60_000 });
    const elapsed = Date.now() - started;
    // The real rule: not before the state held for 30 s, and within a minute.
    expect(elapsed).toBeGreaterThan(30_000);
    expect(elapsed).toBeLessThan(60_000);
    const box = card.getByTestId('job-needs-seller');
    await expect(box).toContainText(w.title);
    await expect(box).toContainText(w.todo);
    await expect(box).toContainText(/Imprint not found/);
    await expect(card.getByTestId('job-service-state')).toHaveText(w.state);
    await expect(card.getByRole('button', { name: w.check })).toBeVisible();
    await expect(page.getByTestId('publish-notice').first()).toContainText(w.notice);
    // Tracking has ended: no more reads of the publication come (until the slow check in 15 min).
    const reads = () =>
      Object.values(sb.stats().requests['GET /v1/listings/:uuid/publications/:publicationUuid'] ?? {}).reduce(
        (a, b) => a + b,
        0,
      );
    const before = reads();
    // The wait is the check: no read may come during it (there is no event to poll for when none should).
    await page.waitForTimeout(2_000);
    expect(reads()).toBe(before);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `/tmp/c14-publishing-${language}-${scheme}.png`, fullPage: true });
    }

    // The Listings view: the readable listing, and the two items the service sent in a broken form.
    await page.getByRole('navigation').getByRole('button', { name: w.listingsNav }).click();
    const unreadable = page.getByTestId('listings-unreadable');
    await expect(unreadable).toContainText(w.unreadable);
    await expect(page.getByTestId('listing-unreadable')).toHaveCount(2);
    await expect(page.getByTestId('listing-unreadable').first()).toContainText(w.row);
    await expect(page.getByTestId('listing-unreadable').nth(1)).toContainText(w.noId);
    await expect(page.getByRole('listitem').filter({ hasText: 'Gartenbank Teak' })).toHaveCount(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `/tmp/c14-listings-${language}-${scheme}.png`, fullPage: true });
    }
  } finally {
    await context.close();
    await stopShell(child);
    await sb.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a state the app has never seen ends as needing the seller within a minute (English)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await needsSeller(browser, 'en');
});

test('a state the app has never seen ends as needing the seller within a minute (German)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await needsSeller(browser, 'de');
});
