// Four eyes in the window (issue 37.4) against a real PostgreSQL this file starts and a sandbox:
// a team of two desks, an owner ("Office", the database's owner, holding the account's secret) and
// a prepare desk ("Trainee", its own login in the prepare group). The trainee's Ask to publish makes
// a request it sees but may not approve (with the reasons); the office sees the count beside
// Approvals, looks at the ad as buyers will, approves it (published once) and sends a second back
// with a note, which must not be empty; the trainee hears it in a notice and sees the note beside
// Ask to publish. English light and German dark, looked at; axe over the view.
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { addRealAccount } from '../helpers/real-account';
import { axeClean, shellsOf, shotInto, startTeam } from './team-page';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const CLIENT = { clientId: 'moebelhaus-approvals', clientSecret: 'moebel-secret-4a7e' };
const SHOTS = '/tmp/shots-w2a';

test.setTimeout(240_000);

const shot = (page: Page, file: string) => shotInto(SHOTS, page, file);

const nav = (page: Page) => page.getByRole('navigation');

test('a prepare desk asks; the owner desk sees the count, approves one and sends one back with a note the asker sees', async ({
  page,
}, testInfo) => {
  const team = await startTeam('listing-desk-e2e-approvals');
  const cleanup: Array<() => unknown> = [() => team.remove()];
  try {
    const sb = await startSandbox({ port: 0, clients: [CLIENT], validationDelayMs: 20 });
    cleanup.push(() => sb.close());
    const shellOn = shellsOf(team, cleanup);
    const officeShell = await shellOn('owner', 'Office');
    const traineeShell = await shellOn('prepare', 'Trainee');

    // The owner desk: the account with its secret and imprint.
    const office = await page.context().newPage();
    await office.emulateMedia({ colorScheme: 'light' });
    await office.goto(officeShell.url);
    const account = await addRealAccount(desk(office), sb, {
      name: 'Möbelhaus',
      client: CLIENT,
      imprint: 'Möbelhaus Schmidt GmbH\nHauptstraße 1\n10115 Berlin\n\nVertreten durch: Erika Schmidt',
    });

    // The prepare desk: the account without its secret, two ready drafts.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(traineeShell.url);
    await expect
      .poll(async () => (await call(page, 'accounts:list')).accounts.find((a) => a.id === account.id), {
        timeout: 30_000,
      })
      .toMatchObject({ hasSecret: false });
    // The trainee, told it is a prepare desk, removes its accounts' secrets from its keychain; the
    // office's keychain (its own, as on its own computer) keeps the office's.
    expect(await call(page, 'shop:status')).toMatchObject({ role: 'prepare' });
    const keytar = createRequire(import.meta.url)('keytar') as {
      getPassword(service: string, account: string): Promise<string | null>;
    };
    expect(await keytar.getPassword(officeShell.keychain, account.id)).toBe(CLIENT.clientSecret);
    await call(page, 'accounts:select', { id: account.id });
    await makeDraft(page, 1, { title: 'Brass lamp', reference: 'LAMP-1', photos: 1 });
    await makeDraft(page, 2, { title: 'Oak table', reference: 'TABLE-1', photos: 1 });
    await page.reload();

    // Ask to publish, in the editor, for each.
    const list = page.getByRole('list', { name: /^\d+ drafts?$/ });
    const editor = page.getByRole('region', { name: 'Draft editor' });
    for (const title of ['Brass lamp', 'Oak table']) {
      await list.getByRole('listitem').filter({ hasText: title }).getByRole('button').first().click();
      await expect(editor.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
      await editor.getByRole('button', { name: 'Ask to publish', exact: true }).click();
      await expect(editor.getByText(/^Asked to publish/)).toBeVisible();
    }

    // The trainee sees its own requests: Approve and Send back disabled, with the reason.
    await nav(page)
      .getByRole('button', { name: /Approvals/ })
      .click();
    const view = page.locator('.approvals-view');
    await expect(view.getByTestId('approvals-count')).toHaveText('2 requests wait for approval.');
    const ownApprove = view.getByRole('button', { name: 'Approve', exact: true });
    await expect(ownApprove).toHaveAttribute('aria-disabled', 'true');
    await expect(ownApprove).toHaveAccessibleDescription(/This desk asked for this request itself/);
    await expect(ownApprove).toHaveAccessibleDescription(/A “prepare” desk may not approve requests/);
    await ownApprove.focus();
    await page.keyboard.press('Enter');
    await expect(view.getByTestId('approval-done')).toHaveText('');
    await expect(view.getByTestId('approval-state')).toHaveText('waiting');

    // The owner desk: the count beside Approvals, then the requests.
    const count = nav(office).getByTestId('nav-approvals-waiting');
    await expect(count).toHaveText('2', { timeout: 30_000 });
    await expect(count).toHaveAccessibleName('2 requests wait for approval');
    await nav(office)
      .getByRole('button', { name: /Approvals/ })
      .click();
    const officeView = office.locator('.approvals-view');
    const items = officeView.getByTestId('approval-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Brass lamp');
    await expect(items.nth(0)).toContainText('Trainee');
    const detail = officeView.getByTestId('approval-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Publish “Brass lamp”');
    await expect(detail).toContainText('Asked by Trainee on');
    // The ad as buyers will see it: the preview's page.
    await expect(detail.getByRole('article')).toContainText('Brass lamp');
    await axeClean(office, '.approvals-view');
    await shot(office, testInfo.outputPath('approvals-en-light.png'));

    // By keyboard: the first request is picked, its Approve reached and pressed.
    await items.nth(0).focus();
    await office.keyboard.press('Enter');
    const approve = detail.getByRole('button', { name: 'Approve', exact: true });
    await approve.focus();
    await office.keyboard.press('Enter');
    await expect(detail.getByTestId('approval-done')).toContainText('approved');
    await expect(detail.getByTestId('approval-state')).toHaveText('approved');
    await expect(count).toHaveText('1');
    // Exactly one job, of what the request showed, went into the team's queue. (Its publishing is
    // test/shop/approvals-app.test.ts's: here both shells share one keychain, from which the
    // prepare desk removes the account's secret, as it must from its own.)
    await expect
      .poll(async () => (await call(office, 'publish:list')).jobs.map((job) => job.title), {
        timeout: 30_000,
      })
      .toEqual(['Brass lamp']);

    // The second: Send back without a note says what is missing; with one, it goes back.
    await items.filter({ hasText: 'Oak table' }).click();
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Publish “Oak table”');
    await detail.getByRole('button', { name: 'Send back', exact: true }).click();
    const note = detail.getByRole('textbox', { name: /^Note for the asking desk/ });
    await expect(detail.getByRole('alert')).toHaveText(
      'Write what the asking desk should change, then send the request back.',
    );
    await expect(note).toBeFocused();
    await note.fill('The photo is too dark.');
    await detail.getByRole('button', { name: 'Send back', exact: true }).click();
    await expect(detail.getByTestId('approval-state')).toHaveText('sent back');
    await expect(detail.getByTestId('approval-note')).toHaveText('Note: The photo is too dark.');
    await expect(count).toHaveCount(0);

    // The trainee hears both outcomes, and sees the note beside Ask to publish.
    const notices = page.getByTestId('approval-notice');
    await expect(notices.filter({ hasText: '“Brass lamp” was approved by Office' })).toBeVisible({
      timeout: 30_000,
    });
    const sentBack = notices.filter({
      hasText: 'Your request to publish “Oak table” was sent back by Office: The photo is too dark.',
    });
    await expect(sentBack).toBeVisible();
    await sentBack.getByRole('button', { name: 'Open the draft' }).click();
    await expect(editor.getByRole('textbox', { name: /^Title/ })).toHaveValue('Oak table');
    await expect(editor.getByTestId('publish-sent-back')).toHaveText(
      'Sent back by Office: The photo is too dark.',
    );
    await shot(page, testInfo.outputPath('approvals-sent-back-editor-en-light.png'));

    // German and dark: the trainee's editor line and the office's Approvals view.
    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.getByTestId('publish-sent-back')).toHaveText(
      'Zurückgeschickt von Office: The photo is too dark.',
    );
    await expect(page.getByRole('button', { name: 'Um Freigabe bitten', exact: true })).toBeVisible();
    await shot(page, testInfo.outputPath('approvals-sent-back-editor-de-dark.png'));
    await call(office, 'settings:set', { language: 'de' });
    await office.emulateMedia({ colorScheme: 'dark' });
    await expect(officeView.getByRole('heading', { level: 1 })).toHaveText('Freigaben');
    await expect(detail.getByTestId('approval-state')).toHaveText('zurückgeschickt');
    await axeClean(office, '.approvals-view');
    await shot(office, testInfo.outputPath('approvals-de-dark.png'));
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
});
