// Settings → Team's roles (issue 37.1-2) against a real PostgreSQL this file starts, the web shell in
// the keychain's session: each desk login with its role and desks, a role changed with the database
// owner's login (its password typed each time and kept nowhere), the last owner desk kept in plain
// words; and on a prepare desk, controls it may not use stay in view, disabled, with the reason a
// keyboard reaches. English light and German dark, looked at.
import type { Page } from '@playwright/test';
import { startTeam, type JoinedDesk, type Team } from './team-page';
import { expect, launchShell, stopShell, test, type RunningShell } from './fixtures';
import { expectNowhere, openShop, openShopGermanDark, shot } from './shop-page';

let team: Team;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  team = await startTeam('listing-desk-e2e-roles');
});
test.afterAll(() => team?.remove());

/** The shell of a joined desk, its page opened; stopped and removed by the caller's `finally`. */
async function withShell(desk: JoinedDesk, work: (shell: RunningShell) => Promise<void>) {
  const { shell, child } = await launchShell(desk.dataDir, desk.env);
  try {
    await work(shell);
  } finally {
    await stopShell(child);
  }
}

const accountsPanel = (page: Page) => page.locator('section[aria-labelledby="accounts-title"]');

const ownerParts = () => {
  const url = new URL(team.adminUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), password };
};

async function changeRole(page: Page, login: string, role: string, labels = { role }) {
  const panel = page.getByTestId('shop-panel');
  await panel.getByRole('button', { name: "Change a desk's role…" }).click();
  const form = panel.getByRole('form', { name: "Change a desk's role" });
  const owner = ownerParts();
  await form.getByLabel("Database address with the owner's login").fill(owner.url);
  await form.getByLabel("Password of the owner's login").fill(owner.password);
  await form.getByLabel('Desk login').selectOption(login);
  await form.getByRole('radio', { name: new RegExp(`^${labels.role}:`) }).check();
  await form.getByRole('button', { name: 'Change the role' }).click();
  return form;
}

test("Settings → Team lists each desk login's role and changes one with the owner's login; the last owner stays", async ({
  page,
}, testInfo) => {
  const front = await team.join('owner', 'Front desk');
  const back = await team.join('prepare', 'Back office');
  await withShell(front, async (shell) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    const panel = await openShop(page, 'Settings');
    const roles = panel.getByTestId('shop-roles');
    await expect(roles.getByTestId('shop-own-role')).toHaveText("This desk's role: owner");
    const table = roles.getByTestId('shop-role-table');
    await expect(table.locator(`tr[data-login="${front.login}"]`)).toContainText('(this desk)');
    await expect(table.locator(`tr[data-login="${front.login}"]`)).toContainText('owner');
    await expect(table.locator(`tr[data-login="${back.login}"]`)).toContainText('prepare');
    await expect(table.locator(`tr[data-login="${back.login}"]`)).toContainText('Back office');

    // The back office becomes publish: said, and the table follows.
    const form = await changeRole(page, back.login, 'publish');
    await expect(roles.getByTestId('shop-role-changed')).toHaveText(
      `The login ${back.login} is now a “publish” desk (it was “prepare”).`,
    );
    await expect(form).toHaveCount(0);
    await expect(table.locator(`tr[data-login="${back.login}"]`)).toContainText('publish');

    // This desk is the team's only owner: the database keeps it one, in plain words.
    const refused = await changeRole(page, front.login, 'publish');
    await expect(refused.getByRole('alert')).toHaveText(
      `${front.login} is the team's last owner desk: make another desk owner first, so that one always is.`,
    );
    // The owner's password went with the call: the field is empty again.
    await expect(refused.getByLabel("Password of the owner's login")).toHaveValue('');
    await expect(table.locator(`tr[data-login="${front.login}"]`)).toContainText('owner');
    await expect(roles.getByTestId('shop-own-role')).toHaveText("This desk's role: owner");
    await shot(page, panel, testInfo.outputPath('team-roles-en-light.png'));
    expectNowhere(shell, [ownerParts().password]);
  });
});

test('a prepare desk sees the controls it may not use, disabled, with the reason the keyboard reaches', async ({
  page,
}, testInfo) => {
  const trainee = await team.join('prepare', 'Trainee');
  await withShell(trainee, async (shell) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    const panel = await openShop(page, 'Settings');
    await expect(panel.getByTestId('shop-own-role')).toHaveText("This desk's role: prepare");

    // Settings → Accounts: "Add account" stays in view, aria-disabled, described by the reason.
    const add = page.getByRole('button', { name: 'Add account' });
    await expect(add).toBeVisible();
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    const reason =
      "A “prepare” desk may not change accounts: only an “owner” desk may. The team's owner changes roles in Settings → Team.";
    await expect(add).toHaveAccessibleDescription(reason);
    // Reached by the keyboard: focused, the reason shows; pressed, nothing opens.
    await page.getByRole('heading', { name: 'Accounts' }).scrollIntoViewIfNeeded();
    await add.focus();
    await expect(add).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(reason);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: 'New account' })).toHaveCount(0);
    await accountsPanel(page).screenshot({ path: testInfo.outputPath('prepare-accounts-en-light.png') });

    // Feeds: a new feed's settings are the owner's.
    await page.getByRole('button', { name: 'Feeds', exact: true }).click();
    const newFeed = page.getByRole('button', { name: 'Add a feed…' });
    await expect(newFeed).toHaveAttribute('aria-disabled', 'true');
    await expect(newFeed).toHaveAccessibleDescription(/A “prepare” desk may not change a feed's settings/);

    // Main says the same before the database is asked, whatever the window does.
    const answer = await page.evaluate(() =>
      window.api!.invoke('accounts:save', {
        name: 'Möbelhaus',
        authUrl: 'https://auth.example.com/auth/v2',
        baseUrl: 'https://api.example.com/api',
        clientId: 'moebel',
        secret: 'moebel-secret',
      }),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', message: reason } });

    // Issue 37.2: what falls due waits for a desk allowed to run it, and the window says so.
    const scheduled = await page.evaluate(async () => {
      const draft = (await window.api!.invoke('drafts:create', undefined)) as {
        ok: boolean;
        value: { id: string };
      };
      const at = new Date(Date.now() + 86_400_000).toISOString();
      return window.api!.invoke('schedule:set', { ids: [draft.value.id], at });
    });
    expect(scheduled).toMatchObject({ ok: true });
    await page.getByRole('button', { name: 'Publishing', exact: true }).click();
    const waits = page.getByTestId('scheduled-panel').getByTestId('due-waits');
    await expect(waits).toHaveText(
      'Waits for a desk allowed to publish: a “prepare” desk leaves what falls due here (scheduled publishing, price steps, feed runs) to a desk of the team with the role “publish” or higher.',
    );
    await page
      .getByTestId('scheduled-panel')
      .screenshot({ path: testInfo.outputPath('prepare-due-waits-en-light.png') });

    // German and dark: the same control and its reason, looked at.
    const german = await openShopGermanDark(page, shell.url);
    await expect(german.getByTestId('shop-own-role')).toHaveText('Rolle dieses Arbeitsplatzes: Vorbereiten');
    await shot(page, german, testInfo.outputPath('team-roles-prepare-de-dark.png'));
    const hinzu = page.getByRole('button', { name: 'Konto hinzufügen' });
    await page.getByRole('heading', { name: 'Konten' }).scrollIntoViewIfNeeded();
    await hinzu.focus();
    await expect(page.getByRole('tooltip')).toContainText(
      'Ein Arbeitsplatz mit der Rolle „Vorbereiten“ darf Konten nicht ändern',
    );
    await accountsPanel(page).screenshot({ path: testInfo.outputPath('prepare-accounts-de-dark.png') });
    await page.getByRole('button', { name: 'Veröffentlichung', exact: true }).click();
    await expect(page.getByTestId('scheduled-panel').getByTestId('due-waits')).toHaveText(
      /^Wartet auf einen Arbeitsplatz, der veröffentlichen darf: Ein Arbeitsplatz mit der Rolle „Vorbereiten“/,
    );
    await page
      .getByTestId('scheduled-panel')
      .screenshot({ path: testInfo.outputPath('prepare-due-waits-de-dark.png') });
  });
});
