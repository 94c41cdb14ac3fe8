// Publishing, tried as a seller would on the default Sandbox account: one draft published from the
// editor goes live (the panel shows its steps, its ad id and a message; the service has the listing
// with the photos); then a batch from the list, in which the service rejects one ad (an imprint it
// does not know) and one draft is not complete: each is named with what to do.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sampleDraft } from '../fixtures/drafts';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { expect, launchShell, stopShell, test } from './fixtures';

const publication = { ...sampleDraft('x').publication, imprintUuid: null };

async function listingsOnService(page: Page) {
  const result = await page.evaluate(() => window.api!.invoke('listings:list', { refresh: true }));
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { listings: { title: string; urls: string[] }[] }).listings;
}

test('a draft published from the editor goes live, with its steps, ad id and a message', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Kühlschrank, wie neu', publication }, 2));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await page.getByRole('button', { name: /Kühlschrank, wie neu/ }).click();
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await editor.getByRole('button', { name: 'Publish', exact: true }).click();

    // The message comes by itself (main pushes it), wherever the seller is.
    const notice = page.getByTestId('publish-notice');
    await expect(notice).toContainText('“Kühlschrank, wie neu” is live', { timeout: 20_000 });
    await expect(notice).toContainText(/Ad \d+/);
    await expect(editor.getByRole('status').filter({ hasText: /Live as ad \d+/ })).toBeVisible();

    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    const card = page.getByRole('article', { name: 'Kühlschrank, wie neu' });
    await expect(card.getByTestId('job-state')).toHaveText('Live');
    await expect(card).toContainText(/Ad \d+/);
    await expect(card).toContainText('State on the service: Live');
    const steps = card.getByRole('progressbar', { name: /Steps of/ });
    expect(await steps.getAttribute('value')).toBe(await steps.getAttribute('max'));
    await expect(page.getByRole('region', { name: "This session's publishing" })).toContainText(
      '1 of 1 live',
    );

    // The service has the ad with both photos; the draft knows it is published.
    const live = await listingsOnService(page);
    const ours = live.filter((listing) => listing.title === 'Kühlschrank, wie neu');
    expect(ours).toHaveLength(1);
    expect(ours[0]!.urls).toHaveLength(2);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Drafts/ })
      .click();
    await expect(page.getByTestId('editor-status')).toHaveText('Published');
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a batch from the list: a rejected ad shows the reason, an incomplete draft is named', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Fahrrad 28 Zoll', publication }));
  // An imprint the service does not know: it takes the publication, then rejects the ad.
  writeDraft(
    dataDir,
    readyDraft(dataDir, 2, {
      title: 'Schreibtisch Eiche',
      publication: { ...publication, imprintUuid: '99999999-2222-4333-8444-555555555555' },
    }),
  );
  writeDraft(dataDir, { ...readyDraft(dataDir, 3, { title: 'Lampe ohne Fotos', publication }), photos: [] });
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('toolbar').getByRole('button', { name: 'Publish', exact: true }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'being published' });
    await expect(outcome).toContainText('2 drafts are being published.');
    await expect(outcome).toContainText('1 could not be published:');
    await expect(outcome).toContainText(
      'Lampe ohne Fotos: not complete yet. Open it to see what is missing.',
    );

    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    const desk = page.getByRole('article', { name: 'Schreibtisch Eiche' });
    await expect(desk.getByTestId('job-state')).toHaveText('Rejected', { timeout: 20_000 });
    await expect(desk.getByRole('alert')).toContainText('The service says:');
    await expect(desk.getByRole('alert')).toContainText(/imprint/i);
    await expect(desk.getByRole('button', { name: 'Check again' })).toBeVisible();
    await expect(page.getByTestId('publish-notice').filter({ hasText: 'was rejected' })).toContainText(
      '“Schreibtisch Eiche” was rejected',
    );
    const bike = page.getByRole('article', { name: 'Fahrrad 28 Zoll' });
    await expect(bike.getByTestId('job-state')).toHaveText('Live', { timeout: 20_000 });

    await page.getByRole('button', { name: /Need you \(1\)/ }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toHaveAccessibleName('Schreibtisch Eiche');
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
