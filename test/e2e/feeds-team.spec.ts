// Feeds in a team in the window (issue 37.3) against a real PostgreSQL this file starts: a run the
// safety valve held shows Approve on an owner desk and, disabled with the reason the keyboard
// reaches, on a publish desk; approved by keyboard, it says what happens next; each run names the
// desk that ran it; a feed whose access key this desk's keychain lacks says so, with how to add it.
// English light and German dark, looked at; axe on the feed's view.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';
import { axeClean, startTeam, type Team } from './team-page';

let team: Team;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  team = await startTeam('listing-desk-e2e-feeds-team');
});
test.afterAll(() => team?.remove());

const HEADER = 'SKU;Titel;Beschreibung;Kategorie;Preis;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis';
/** A shop's export of `n` lamps (no photos: the runs make drafts only). */
const csvText = (n: number) =>
  `${[
    HEADER,
    ...Array.from(
      { length: n },
      (_, i) =>
        `SKU-${i + 1};Lampe ${i + 1};Aus dem Lager.;Multimedia_Elektronik/Haushaltsgeraete;19,90;3;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25`,
    ),
  ].join('\n')}\n`;

async function openFeed(page: Page, feeds: string, name: string) {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(feeds) })
    .click();
  // A feed open already: back to the list first.
  const back = page.getByRole('button', { name: /^← All/ });
  if (await back.isVisible()) await back.click();
  await page
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('a held run waits for an owner desk: Approve there, disabled with the reason elsewhere; a missing key is said', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-feed-csv-'));
  const csv = path.join(work, 'lager.csv');
  try {
    const office = await team.join('owner', 'Office');
    const front = await team.join('publish', 'Front');
    const a = await launchShell(office.dataDir, office.env);
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(a.shell.url);
      // The owner's desk sets up a feed of three rows and runs it; nine rows then: the valve holds.
      writeFileSync(csv, csvText(3));
      const feed = await call(page, 'feeds:save', {
        settings: {
          name: 'Lager',
          source: { kind: 'file', path: csv },
          accountId: 'sandbox',
          referenceColumn: 'SKU',
          stockColumn: 'Bestand',
          publish: false,
        },
      });
      expect(await call(page, 'feeds:run', { id: feed.id })).toMatchObject({
        state: 'done',
        ranBy: 'Office',
      });
      writeFileSync(csv, csvText(9));
      const held = await call(page, 'feeds:run', { id: feed.id });
      expect(held).toMatchObject({ state: 'held' });
      // A feed behind an address with an access key, whose key this desk's keychain then lacks (as on a
      // desk that did not set it up).
      const keyed = await call(page, 'feeds:save', {
        settings: {
          name: 'Webshop',
          source: { kind: 'url', url: 'https://shop.example/export.csv?token=k3y-0f-the-0ffice' },
          accountId: 'sandbox',
          referenceColumn: 'SKU',
          publish: false,
        },
      });
      const keytar = createRequire(import.meta.url)('keytar') as {
        deletePassword(service: string, account: string): Promise<boolean>;
      };
      expect(await keytar.deletePassword(office.env.LISTING_DESK_KEYCHAIN!, `feed-key:${keyed.id}`)).toBe(
        true,
      );

      // The publish desk sees the held run and its Approve, disabled, with the reason.
      const b = await launchShell(front.dataDir, front.env);
      const other = await page.context().newPage();
      try {
        await other.goto(b.shell.url);
        await expect(async () => {
          await other.reload();
          await openFeed(other, 'Feeds', 'Lager');
          await expect(other.getByTestId('feed-held-approval')).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 60_000 });
        const approveThere = other.getByRole('button', { name: 'Approve', exact: true });
        await expect(approveThere).toHaveAttribute('aria-disabled', 'true');
        const reason =
          /A “publish” desk may not approve a run the safety valve held: only an “owner” desk may/;
        await expect(approveThere).toHaveAccessibleDescription(reason);
        await approveThere.focus();
        await expect(other.getByRole('tooltip')).toHaveText(reason);
        await other.keyboard.press('Enter');
        await expect(other.getByTestId('feed-run-approval')).toHaveCount(0);
        await expect(other.getByTestId('feed-run-desk').first()).toHaveText('on the desk Office');
      } finally {
        await other.close();
        await stopShell(b.child);
      }

      // The owner's desk approves by keyboard: it has the file, so it runs the feed now.
      await openFeed(page, 'Feeds', 'Lager');
      const approve = page.getByRole('button', { name: 'Approve', exact: true });
      await expect(approve).toBeEnabled();
      await axeClean(page);
      await page.setViewportSize({ width: 1280, height: 1600 });
      await page.getByTestId('feed-history').screenshot({ path: '/tmp/shots-w2f/held-approve-en-light.png' });
      await approve.focus();
      await page.keyboard.press('Enter');
      const next = page.getByTestId('feed-approval-next');
      await expect(next).toHaveText(
        'This desk runs the feed now and applies what was held; the run appears above.',
      );
      await expect(next).toBeFocused();
      await expect(page.getByTestId('feed-run-approval').first()).toContainText(
        'Approved by the desk Office',
      );
      await expect(page.getByTestId('feed-run').first()).toContainText('Done', { timeout: 30_000 });
      // The plan shown beside it was the held one: read again once the run ended, it holds nothing.
      await expect(page.getByTestId('feed-plan')).toBeVisible();
      await expect(page.getByTestId('feed-held')).toHaveCount(0, { timeout: 30_000 });
      await axeClean(page);
      await page
        .getByTestId('feed-history')
        .screenshot({ path: '/tmp/shots-w2f/held-approved-en-light.png' });

      // The feed whose key is missing here says so, and how to add it.
      await openFeed(page, 'Feeds', 'Webshop');
      const missing = page.getByTestId('feed-key-missing');
      await expect(missing).toContainText(
        'This desk cannot run this feed: its access key or password is not here.',
      );
      await expect(missing).toContainText(
        'chooses Edit on this desk and enters the full address with its key in Address',
      );
      await axeClean(page);
      await page.locator('main').screenshot({ path: '/tmp/shots-w2f/key-missing-en-light.png' });

      // German and dark.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
      await page.getByRole('combobox', { name: 'Darstellung' }).selectOption('dark');
      await openFeed(page, 'Feeds', 'Webshop');
      await expect(page.getByTestId('feed-key-missing')).toContainText(
        'Dieser Arbeitsplatz kann den Feed nicht ausführen',
      );
      await axeClean(page);
      await page.locator('main').screenshot({ path: '/tmp/shots-w2f/key-missing-de-dark.png' });
      await openFeed(page, 'Feeds', 'Lager');
      await expect(page.getByTestId('feed-run-approval').first()).toContainText(
        'Freigegeben vom Arbeitsplatz Office',
      );
      await axeClean(page);
      await page.getByTestId('feed-history').screenshot({ path: '/tmp/shots-w2f/held-approved-de-dark.png' });
      void testInfo;
    } finally {
      await stopShell(a.child);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
