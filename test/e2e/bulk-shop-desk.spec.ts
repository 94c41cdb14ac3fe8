// The bulk jobs of live ads in a shop (issue 24.2), as the seller sees them: each job names the desk
// that runs it and the desk it was started on, or says it waits for a desk holding the account's
// secret, or for the shop's database (started while it was out of reach). The jobs are written as a shop desk shows them (with their desk). Screenshots in English
// light and German dark, for the eye.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { BulkJob } from '../../src/shared/domain/bulk/bulk-edit-job';
import { call, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const failure = {
  problem: 'not-found',
  message: 'This ad is no longer on the listing service.',
  status: 404,
};
const edit = { kind: 'price', mode: 'percent', value: 10, rounding: '99' } as const;

function job(id: string, at: string, desk: NonNullable<BulkJob['desk']>): BulkJob {
  const item = (n: number, state: 'done' | 'failed', before: string, after: string) => ({
    uuid: `${id}-ad-${n}`,
    title: `Regal ${n}`,
    state,
    changes: [{ field: 'price', before, after }],
    patch: { price: { type: 'FIXED', amount: Number(after) } },
    ...(state === 'failed' && { failure }),
  });
  return {
    version: 1,
    id,
    accountId: 'sandbox',
    createdAt: at,
    edit,
    items: [item(1, 'done', '40.00', '43.99'), item(2, 'failed', '120.00', '131.99')],
    desk,
  } as unknown as BulkJob;
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

test.setTimeout(120_000);

test('a shop desk names the desk that runs each bulk job, or that it waits for the secret', async ({
  page,
}, testInfo) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  mkdirSync(path.join(dataDir, 'bulk-jobs'));
  const jobs = [
    job('job-lager', '2026-11-27T09:00:00.000Z', {
      runner: 'Lager',
      requestedBy: 'Laden',
      here: false,
      waiting: false,
    }),
    job('job-waits', '2026-11-27T09:05:00.000Z', {
      runner: null,
      requestedBy: 'Laden',
      here: false,
      waiting: true,
    }),
    job('job-unsent', '2026-11-27T09:10:00.000Z', {
      runner: null,
      requestedBy: 'Laden',
      here: false,
      waiting: false,
      unsent: true,
    }),
  ];
  for (const written of jobs)
    writeFileSync(path.join(dataDir, 'bulk-jobs', `${written.id}.json`), JSON.stringify(written));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    // The jobs show above the list of live ads: one ad goes live first.
    const draftId = await makeDraft(page, 1, { title: 'Sofa grau', reference: 'LIVE-S-1', photos: 1 });
    await call(page, 'publish:start', { draftIds: [draftId] });
    await expect
      .poll(async () => (await call(page, 'publish:list')).jobs.map((j) => j.state), {
        timeout: 60_000,
        intervals: [200],
      })
      .toEqual(['published']);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Listings/ })
      .click();
    const desks = page.getByTestId('bulk-job-desk');
    await expect(desks).toHaveText([
      "Waiting for the team: its database cannot be reached from this desk now. The change is kept here and goes into the team's queue as soon as the link is back; then a desk that holds the account's secret sends it, once.",
      "Waiting for a desk whose keychain holds this account's client secret: type the secret on a desk, or open one that has it. Started on Laden.",
      'Run by the desk Lager: its progress shows there, and here once it ends or another desk takes it over. Started on Laden.',
    ]);
    await shot(page, testInfo, 'bulk-shop-desk-en-light');

    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(desks.first()).toHaveText(
      'Wartet auf das Team: Seine Datenbank ist von diesem Arbeitsplatz aus gerade nicht erreichbar. Die Änderung bleibt hier gespeichert und kommt in die Warteschlange des Teams, sobald die Verbindung wieder steht; dann sendet sie ein Arbeitsplatz, der das Secret des Kontos hat, genau einmal.',
    );
    await expect(desks.last()).toHaveText(
      'Läuft am Arbeitsplatz Lager: Der Fortschritt ist dort zu sehen, hier sobald sie endet oder ein anderer Arbeitsplatz sie übernimmt. Gestartet am Arbeitsplatz Laden.',
    );
    await shot(page, testInfo, 'bulk-shop-desk-de-dark');
  } finally {
    await stopShell(child);
  }
});
