// Four eyes for live ads in the window (issue 37.4) against a real PostgreSQL this file starts and a
// sandbox: an owner desk ("Office", the database's owner) and a publish desk ("Front", its own login
// in the publish group), both holding the account's secret. On the publish desk the owner's rule is
// in view but disabled, with the reason; the owner turns it on in Settings → Team; the publish desk's
// open window follows without a reload (its Sold… becomes "Ask to end as sold…", its Settings → Team
// shows the rule on, and off again later); its Publish then reads "Ask to publish" and its Sold… in
// Listings reads "Ask to end as sold…" and makes a request, which the owner
// sees in its own words in Approvals (with the count beside it) and approves by keyboard: the ad is
// ended once. English light and German dark, looked at; axe over the view and the panel.
import type { Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { addRealAccount } from '../helpers/real-account';
import { axeClean, shellsOf, shotInto, startTeam } from './team-page';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';
import { openShop } from './shop-page';

const CLIENT = { clientId: 'moebelhaus-approvals-live', clientSecret: 'moebel-secret-7c1d' };
const SHOTS = '/tmp/shots-h37r';
const DELETE = 'DELETE /v1/listings/:uuid';

test.setTimeout(240_000);

const shot = (page: Page, file: string) => shotInto(SHOTS, page, file);

const nav = (page: Page) => page.getByRole('navigation');

test("the owner requires approval for publish desks; a publish desk's end as sold waits in Approvals and is approved once", async ({
  page,
}, testInfo) => {
  const team = await startTeam('listing-desk-e2e-approvals-live');
  const cleanup: Array<() => unknown> = [() => team.remove()];
  try {
    const sb = await startSandbox({ port: 0, clients: [CLIENT], validationDelayMs: 20 });
    cleanup.push(() => sb.close());
    const shellOn = shellsOf(team, cleanup);
    const officeShell = await shellOn('owner', 'Office');
    const frontShell = await shellOn('publish', 'Front');

    // The owner desk: the account with its secret and imprint, one ad published.
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
      (await call(office, 'publish:list')).jobs.find((job) => job.draftId === lampDraft);
    await expect.poll(async () => (await lampJob())?.state, { timeout: 60_000 }).toBe('published');
    expect((await lampJob())!.listingUuid).toBeTruthy();

    // The publish desk: the rule in view, disabled, with the reason.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(frontShell.url);
    await expect
      .poll(async () => (await call(page, 'accounts:list')).accounts.some((a) => a.id === account.id), {
        timeout: 30_000,
      })
      .toBe(true);
    await call(page, 'accounts:set-secret', { id: account.id, secret: CLIENT.clientSecret });
    await call(page, 'accounts:select', { id: account.id });
    // Loaded once with the account selected; from here on the window is not loaded again.
    await page.reload();
    const frontPanel = await openShop(page, 'Settings');
    const frontRule = frontPanel.getByRole('checkbox', { name: 'Publish desks must ask too: Möbelhaus' });
    await expect(frontRule).toHaveAttribute('aria-disabled', 'true');
    await expect(frontRule).toHaveAccessibleDescription(
      /A “publish” desk may not say whether publish desks must ask: only an “owner” desk may/,
    );

    // The publish desk's window stays open on the ad in Listings: Sold… ends it directly for now.
    await expect(frontRule).not.toBeChecked();
    await nav(page)
      .getByRole('button', { name: /Listings/ })
      .click();
    await page.getByRole('button', { name: /Brass lamp/ }).click();
    await expect(page.locator('.listing-detail h2')).toHaveText('Brass lamp');
    await expect(page.getByRole('button', { name: 'Sold…', exact: true })).toBeVisible();

    // The owner turns it on in Settings → Team, by keyboard.
    const officePanel = await openShop(office, 'Settings');
    const rule = officePanel.getByRole('checkbox', { name: 'Publish desks must ask too: Möbelhaus' });
    await expect(rule).not.toHaveAttribute('aria-disabled', 'true');
    await rule.focus();
    await office.keyboard.press('Space');
    await expect(rule).toBeChecked();
    await expect.poll(async () => (await call(office, 'approvals:rules')).accounts).toEqual([account.id]);
    await axeClean(office, '[data-testid="approval-rules"]', 3);

    // The publish desk's open window follows without a reload (the rule is told to every desk): its
    // Sold… becomes "Ask to end as sold…" in view; Settings → Team shows the rule on (and follows it
    // while open when it goes off again, below).
    await expect(page.getByRole('button', { name: 'Ask to end as sold…', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Sold…', exact: true })).toHaveCount(0);
    await shot(page, testInfo.outputPath('approval-rule-followed-en-light.png'));
    await openShop(page, 'Settings');
    await expect(frontRule).toBeChecked();

    // Now the publish desk asks: its Publish reads "Ask to publish"; its pause becomes a request.
    const vase = await makeDraft(page, 2, { title: 'Glass vase', reference: 'VASE-1', photos: 1 });
    await page.reload();
    await page
      .getByRole('list', { name: /^\d+ drafts?$/ })
      .getByRole('listitem')
      .filter({ hasText: 'Glass vase' })
      .getByRole('button')
      .first()
      .click();
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await expect(editor.getByRole('button', { name: 'Ask to publish', exact: true })).toBeVisible();
    expect(vase).toBeTruthy();
    const deletes = () => Object.values(sb.stats().requests[DELETE] ?? {}).reduce((sum, n) => sum + n, 0);
    const before = deletes();
    // In Listings: the ad's Sold… reads "Ask to end as sold…" and makes a request; nothing is sent.
    // (This desk knows no publication of the ad, published on the other desk: no Pause to ask for.)
    await nav(page)
      .getByRole('button', { name: /Listings/ })
      .click();
    await page.getByRole('button', { name: /Brass lamp/ }).click();
    await expect(page.locator('.listing-detail h2')).toHaveText('Brass lamp');
    const askSold = page.getByRole('button', { name: 'Ask to end as sold…', exact: true });
    await expect(askSold).not.toHaveAttribute('aria-disabled', 'true');
    await askSold.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ask to end as sold', exact: true }).click();
    await expect(page.getByTestId('lifecycle-asked')).toHaveText(
      'Asked for approval: a desk allowed to publish approves it in Approvals.',
    );
    await shot(page, testInfo.outputPath('approvals-live-asked-en-light.png'));
    expect(deletes()).toBe(before);

    // The owner: the count beside Approvals, the request in its own words.
    const count = nav(office).getByTestId('nav-approvals-waiting');
    await expect(count).toHaveText('1', { timeout: 30_000 });
    await nav(office)
      .getByRole('button', { name: /Approvals/ })
      .click();
    const view = office.locator('.approvals-view');
    const item = view.getByTestId('approval-item').filter({ hasText: 'Brass lamp' });
    await expect(item).toContainText('end');
    await item.focus();
    await office.keyboard.press('Enter');
    const detail = view.getByTestId('approval-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText('End “Brass lamp” as sold');
    await expect(detail).toContainText('Asked by Front on');
    await expect(detail.getByTestId('approval-happens')).toHaveText(
      'What happens: the ad is ended as sold and leaves the marketplace.',
    );
    await expect(detail.getByTestId('approval-live-ad')).toContainText('Brass lamp');
    await axeClean(office, '.approvals-view', 3);
    await shot(office, testInfo.outputPath('approvals-live-en-light.png'));

    // Approved by keyboard: sent once.
    const approve = detail.getByRole('button', { name: 'Approve', exact: true });
    await approve.focus();
    await office.keyboard.press('Enter');
    await expect(detail.getByTestId('approval-done')).toContainText(
      "is in the team's queue and sends exactly what the request shows, once.",
    );
    await expect(detail.getByTestId('approval-state')).toHaveText('approved');
    await expect(count).toHaveCount(0);
    await expect.poll(deletes, { timeout: 60_000 }).toBe(before + 1);

    // German and dark: the office's Approvals view and the publish desk's rule, both looked at.
    await call(office, 'settings:set', { language: 'de' });
    await office.emulateMedia({ colorScheme: 'dark' });
    await expect(view.getByRole('heading', { level: 1 })).toHaveText('Freigaben');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText('„Brass lamp“ als verkauft beenden');
    await expect(detail.getByTestId('approval-state')).toHaveText('freigegeben');
    await axeClean(office, '.approvals-view', 3);
    await shot(office, testInfo.outputPath('approvals-live-de-dark.png'));
    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    const germanPanel = await openShop(page, 'Einstellungen');
    const germanRule = germanPanel.getByRole('checkbox', {
      name: 'Veröffentlichen-Arbeitsplätze müssen auch fragen: Möbelhaus',
    });
    await expect(germanRule).toBeChecked();
    await germanPanel.getByTestId('approval-rules').scrollIntoViewIfNeeded();
    await shot(page, testInfo.outputPath('approval-rules-de-dark.png'));
    // The owner turns it off again: the open panel follows, without a reload.
    await call(office, 'approvals:set-rule', { accountId: account.id, required: false });
    await expect(germanRule).not.toBeChecked({ timeout: 30_000 });
    await shot(page, testInfo.outputPath('approval-rule-followed-de-dark.png'));
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
});
