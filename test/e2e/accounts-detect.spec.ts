// First contact with a service that wants the bare token (issue 14.1 and 14.2), tried as a new seller
// would: a second embedded service started with the 'bare' Authorization quirk, an account added
// with only the addresses (pasted loosely), client ID and secret; Test connection detects the form
// and says what it used. The same in German. The account form is photographed in light and dark.
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'seller-bare', clientSecret: 'bare-secret-41c9d2e7f0' };

interface Words {
  settings: string;
  add: string;
  form: string;
  editForm: string;
  labels: { name: string; authUrl: string; baseUrl: string; clientId: string; secret: string };
  save: string;
  test: string;
  edit: string;
  connected: string;
  detected: string;
  summary: string;
  used: (sb: Sandbox) => string;
  adjusted: string;
}

const EN: Words = {
  settings: 'Settings',
  add: 'Add account',
  form: 'New account',
  editForm: 'Edit account',
  labels: {
    name: 'Name',
    authUrl: 'Token service URL',
    baseUrl: 'Listings service URL',
    clientId: 'Client ID',
    secret: 'Client secret',
  },
  save: 'Save and test connection',
  test: 'Test connection',
  edit: 'Edit',
  connected: 'Connected: the service answered with 0 listings.',
  detected: 'detected: bare token',
  summary: 'Authorization: Automatic, detected: bare token',
  used: (sb) =>
    `Used the token service at ${sb.authUrl}/oidc/token and the listings at ${sb.baseUrl}/v1/listings, ` +
    'with the Authorization header as bare token.',
  adjusted: 'The addresses as typed did not answer; the account now keeps these.',
};

const DE: Words = {
  settings: 'Einstellungen',
  add: 'Konto hinzufügen',
  form: 'Neues Konto',
  editForm: 'Konto bearbeiten',
  labels: {
    name: 'Name',
    authUrl: 'URL des Token-Dienstes',
    baseUrl: 'URL des Anzeigendienstes',
    clientId: 'Client-ID',
    secret: 'Client-Geheimnis',
  },
  save: 'Speichern und Verbindung testen',
  test: 'Verbindung testen',
  edit: 'Bearbeiten',
  connected: 'Verbunden: Der Dienst hat 0 Anzeigen geliefert.',
  detected: 'erkannt: Token allein',
  summary: 'Anmeldeform: Automatisch, erkannt: Token allein',
  used: (sb) =>
    `Verwendet: der Token-Dienst unter ${sb.authUrl}/oidc/token und die Anzeigen unter ` +
    `${sb.baseUrl}/v1/listings, mit der Anmeldeform Token allein.`,
  adjusted: 'Die Adressen wie eingegeben haben nicht geantwortet; das Konto verwendet jetzt diese.',
};

/** Adds the account as a new seller would, pasting the token root without /v2 and the listings root with /v1. */
async function addAndTest(page: Page, words: Words, sb: Sandbox, shot: string) {
  await page.getByRole('button', { name: words.settings, exact: true }).click();
  await page.getByRole('button', { name: words.add }).click();
  const form = page.getByRole('form', { name: words.form });
  await form.getByLabel(words.labels.name).fill('Bare Shop');
  await form.getByLabel(words.labels.authUrl).fill(sb.authUrl.replace(/\/v2$/, ''));
  await form.getByLabel(words.labels.baseUrl).fill(`${sb.baseUrl}/v1`);
  await form.getByLabel(words.labels.clientId).fill(CLIENT.clientId);
  await form.getByLabel(words.labels.secret).fill(CLIENT.clientSecret);
  await form.getByRole('button', { name: words.save }).click();

  const row = page.getByTestId('account-Bare Shop');
  const status = row.getByRole('status');
  await expect(status).toContainText(words.connected);
  await expect(status).toContainText(words.used(sb));
  await expect(status).toContainText(words.adjusted);
  await expect(row.getByTestId('auth-summary')).toHaveText(words.summary);
  await expect(row).toContainText(words.detected);

  // Test connection again: the kept addresses answer at once, the bare token is sent at once.
  sb.resetStats();
  await row.getByRole('button', { name: words.test }).click();
  // The first result said the addresses were adjusted: its absence marks the new result.
  await expect(status).not.toContainText(words.adjusted);
  await expect(status).toContainText(words.used(sb));
  expect(sb.stats().requests['GET /v1/listings']).toEqual({ '200': 1 });

  await row.getByRole('button', { name: words.edit }).click();
  const edit = page.getByRole('form', { name: words.editForm });
  await expect(edit.getByRole('combobox')).toContainText(words.detected);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await edit.screenshot({ path: `/tmp/acc14-${shot}-${scheme}.png` });
  }
}

test('an account against a service that wants the bare token: detected, and the addresses kept', async ({
  page,
  shell,
}) => {
  const sb = await startSandbox({ clients: [CLIENT], quirks: { authScheme: 'bare' } });
  try {
    await page.goto(shell.url);
    await addAndTest(page, EN, sb, 'en');
  } finally {
    await sb.close();
  }
});

test('the same in German', async ({ browser }, testInfo) => {
  const sb = await startSandbox({ clients: [CLIENT], quirks: { authScheme: 'bare' } });
  const { shell, child } = await launchShell(testInfo.outputPath('data'), { LANG: 'de_DE.UTF-8' });
  try {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(shell.url);
    await addAndTest(page, DE, sb, 'de');
    await context.close();
  } finally {
    await stopShell(child);
    await sb.close();
  }
});
