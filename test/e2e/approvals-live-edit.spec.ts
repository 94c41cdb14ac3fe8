// Four eyes for a live ad's edit form and bulk changes in the window (issue 37.4), against a real
// PostgreSQL this file starts and a sandbox: an owner desk ("Office", holding the account's secret)
// publishes an ad; a prepare desk ("Trainee", no secret) opens it in Listings. Its Edit is open to
// it, its Save reads "Ask to save" (with the reason beside it), and saving files a request, said
// plainly; its photos are shown without their actions, the reason said. Ticked, the ad's "Change…"
// asks too: the preview, then "Ask for 1 ad", its progress and how many were asked. Nothing reaches
// the service; the owner sees both requests in Approvals. English light and German dark, looked at;
// axe over the form, the photos and the dialog; the Save asked by keyboard.
import type { Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { addRealAccount } from '../helpers/real-account';
import { axeClean, shellsOf, shotInto, startTeam } from './team-page';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const CLIENT = { clientId: 'moebelhaus-approvals-edit', clientSecret: 'moebel-secret-4e2a' };
const SHOTS = '/tmp/shots-ask-live';
const UPDATE = 'PUT /v1/listings/:uuid';
const STATE = 'PUT /v1/listings/:uuid/publications/:publicationUuid/state';

test.setTimeout(240_000);

const shot = (page: Page, file: string) => shotInto(SHOTS, page, file);
const nav = (page: Page) => page.getByRole('navigation');

test("a prepare desk's live edit reads “Ask to save” and its bulk change asks ad by ad; nothing is sent", async ({
  page,
}, testInfo) => {
  const team = await startTeam('listing-desk-e2e-approvals-edit');
  const cleanup: Array<() => unknown> = [() => team.remove()];
  try {
    const sb = await startSandbox({ port: 0, clients: [CLIENT], validationDelayMs: 20 });
    cleanup.push(() => sb.close());
    const shellOn = shellsOf(team, cleanup);
    const officeShell = await shellOn('owner', 'Office');
    // What reached the service of changes: updates and pauses (none may, from the prepare desk).
    const updates = () =>
      [UPDATE, STATE]
        .flatMap((route) => Object.values(sb.stats().requests[route] ?? {}))
        .reduce((sum, n) => sum + n, 0);

    // The owner desk: the account with its secret, one ad published.
    const office = await page.context().newPage();
    await office.emulateMedia({ colorScheme: 'light' });
    await office.goto(officeShell.url);
    const account = await addRealAccount(desk(office), sb, {
      name: 'Möbelhaus',
      client: CLIENT,
      select: true,
      imprint: 'Möbelhaus Schmidt GmbH\nHauptstraße 1\n10115 Berlin\n\nVertreten durch: Erika Schmidt',
    });
    const lampDraft = await makeDraft(office, 1, { title: 'Brass lamp', reference: 'LAMP-1', photos: 1 });
    await call(office, 'publish:start', { draftIds: [lampDraft] });
    const lampJob = async () =>
      (await call(office, 'publish:list')).jobs.find((j) => j.draftId === lampDraft);
    await expect
      .poll(
        async () => {
          const job = await lampJob();
          return job?.state === 'published' ? 'published' : JSON.stringify([job?.state, job?.error]);
        },
        { timeout: 60_000 },
      )
      .toBe('published');
    await call(office, 'listings:list', { refresh: true });
    // The prepare desk starts once the ad is live: both shells share one keychain here, from which a
    // prepare desk removes the account's secret, as it must from its own.
    const traineeShell = await shellOn('prepare', 'Trainee');

    // The prepare desk knows the ad from the team's shared view.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(traineeShell.url);
    await expect
      .poll(async () => (await call(page, 'accounts:list')).accounts.some((a) => a.id === account.id), {
        timeout: 30_000,
      })
      .toBe(true);
    await call(page, 'accounts:select', { id: account.id });
    await expect
      .poll(async () => (await call(page, 'listings:list')).listings.map((l) => l.title), { timeout: 30_000 })
      .toEqual(['Brass lamp']);
    await page.reload();
    await nav(page)
      .getByRole('button', { name: /Listings/ })
      .click();
    await page.getByRole('button', { name: /Brass lamp/ }).click();
    const detail = page.locator('.listing-detail');
    await expect(detail.locator('h2#listing-detail-title')).toHaveText('Brass lamp');
    const before = updates();

    // Its photos are shown, their actions not offered, the reason said.
    await expect(detail.getByTestId('live-photos-asks')).toContainText('a request does not carry photos');
    await expect(detail.getByRole('button', { name: 'Add photos…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // Edit is open to it; Save reads "Ask to save", described by why.
    const edit = detail.getByRole('button', { name: 'Edit', exact: true });
    await expect(edit).not.toHaveAttribute('aria-disabled', 'true');
    await edit.click();
    const form = page.getByRole('form', { name: 'Change this live ad' });
    const save = form.getByRole('button', { name: 'Ask to save', exact: true });
    await expect(save).toBeVisible();
    await expect(save).toHaveAccessibleDescription(
      /“Ask to save” makes a request with exactly these changes/,
    );
    await form.getByLabel('Price', { exact: true }).fill('99');
    await axeClean(page, '.listing-detail', 5);
    await save.scrollIntoViewIfNeeded();
    await shot(page, testInfo.outputPath('live-edit-ask-en-light.png'));
    await save.focus();
    await page.keyboard.press('Enter');
    const asked = detail.getByTestId('live-asked');
    await expect(asked).toContainText('Asked for approval: your change waits in Approvals');
    await expect(form).toBeHidden();
    expect(updates()).toBe(before);

    // Ticked, "Change…" asks too: one request per ad, with progress and how many were asked.
    await page.getByRole('checkbox', { name: 'Select “Brass lamp”' }).check();
    await page.getByTestId('bulk-change-listings').click();
    const dialog = page.getByRole('dialog', { name: 'Change 1 live ad' });
    await expect(dialog.getByTestId('bulk-asks')).toContainText('each ad that changes becomes a request');
    await expect(dialog.getByTestId('bulk-asks-kinds')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Imprint/ })).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Change the price by a percentage' }).check();
    await dialog.getByLabel('Change (%)').fill('-10');
    await dialog.getByRole('button', { name: 'Show preview' }).click();
    await expect(dialog.getByTestId('bulk-summary')).toHaveText(
      '1 of 1 will change; 0 stay the same; 0 left out.',
    );
    await dialog.getByRole('button', { name: 'Ask for 1 ad', exact: true }).click();
    await expect(dialog.getByTestId('bulk-ask-status')).toHaveText(
      'Asked for approval for 1 of 1 ads: it waits in Approvals. Nothing was sent to the service.',
    );
    await axeClean(page, '.bulk-dialog', 5);
    await shot(page, testInfo.outputPath('bulk-ask-en-light.png'));
    expect(updates()).toBe(before);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The ticked ad's Pause reads "Ask to pause" and asks too.
    const bar = page.getByRole('region', { name: 'Selected listings' });
    await bar.getByRole('button', { name: 'Ask to pause', exact: true }).click();
    await expect(page.getByTestId('lifecycle-bulk-status')).toHaveText(
      'Asked for approval for 1 of 1 ads: each is a request of its own in Approvals. Nothing was sent to the service.',
    );
    await shot(page, testInfo.outputPath('bulk-pause-ask-en-light.png'));
    expect(updates()).toBe(before);

    // The owner sees both requests, the asker's own among them.
    await expect
      .poll(async () => (await call(office, 'approvals:list')).requests.map((r) => [r.kind, r.askedByName]), {
        timeout: 30_000,
      })
      .toEqual([
        ['change', 'Trainee'],
        ['price', 'Trainee'],
        ['pause', 'Trainee'],
      ]);
    const mine = (await call(page, 'approvals:list')).requests;
    expect(mine.every((r) => r.mine && r.state === 'waiting')).toBe(true);

    // German and dark: the form's "Speichern anfragen", looked at.
    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await detail.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
    const german = page.getByRole('form', { name: 'Diese Anzeige ändern' });
    const germanSave = german.getByRole('button', { name: 'Speichern anfragen', exact: true });
    await expect(germanSave).toBeVisible();
    await axeClean(page, '.listing-detail', 5);
    await germanSave.scrollIntoViewIfNeeded();
    await shot(page, testInfo.outputPath('live-edit-ask-de-dark.png'));
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
});
