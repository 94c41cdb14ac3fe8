// Issue 36.1 in the window: a job whose listing the service made twice (a late answer) on a service
// that offers no deleting shows "made twice by the service" with one click to end the copy, and its
// history, folded, in the seller's words (English light, German dark, by keyboard, axe-clean). The
// engine's side of it runs against late creates in test/integration/publish/late-answers.test.ts;
// here the app's client would wait its full 30 s timeout, so the job file gets what such a job
// writes, with a real second listing on the service, and the app reads it at its next start.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startSandbox } from '../../src/sandbox';
import { addPublishingAccount } from '../helpers/real-account';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'twice-seller', clientSecret: 'twice-secret-41a9c0' };
const SHOTS = '/tmp/shots-late';

/** The job files under the data folder (JSON with a draft snapshot). */
function jobFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(dir, file))
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes('"snapshot"') && text.includes('"listingRequested"');
    });
}

/** Makes a second listing with the first one's fields, as the service's late create did. */
async function copyListing(remote: { authUrl: string; baseUrl: string }): Promise<{ uuid: string }> {
  const token = (await (
    await fetch(`${remote.authUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        audience: 'consumer-goods-api',
      }),
    })
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const [first] = (await (await fetch(`${remote.baseUrl}/v1/listings`, { headers })).json()) as Record<
    string,
    unknown
  >[];
  const { adPrice, uuid: _uuid, userId: _user, urls: _urls, ...fields } = first!;
  const made = await fetch(`${remote.baseUrl}/v1/listings`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...fields, price: adPrice }),
  });
  expect(made.ok).toBe(true);
  return (await made.json()) as { uuid: string };
}

test('a listing made twice is shown with one click to end it, and the job’s history says what happened', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const remote = await startSandbox({
    clients: [CLIENT],
    validationDelayMs: 100,
    quirks: { listingDelete: 405 },
  });
  let { child, shell } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await addPublishingAccount(desk(page), remote, 'Twice Shop', CLIENT);
    const draftId = await makeDraft(page, 1, { title: 'Stehlampe, Messing', reference: 'LAMP-2', photos: 1 });
    await call(page, 'publish:start', { draftIds: [draftId] });
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    const card = page.getByRole('article', { name: 'Stehlampe, Messing' });
    await expect(card.getByTestId('job-state')).toHaveText('Live', { timeout: 30_000 });
    await stopShell(child);

    // What the service's late answer left: a second listing with the job's reference and content.
    const copy = await copyListing(remote);
    const [file] = jobFiles(dataDir);
    const record = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, unknown>;
    const at = (record.updatedAt as string) ?? new Date().toISOString();
    record.history = [
      { at, key: 'listingNoAnswer', values: { why: 'The service did not answer in time.', seconds: 300 } },
      { at, key: 'listingSentAgain' },
      { at, key: 'lateListingTwice', values: { listing: copy.uuid } },
      { at, key: 'lateWatchEnded' },
    ];
    record.madeTwice = [copy.uuid];
    writeFileSync(file!, JSON.stringify(record));

    ({ child, shell } = await launchShell(dataDir));
    await page.goto(shell.url);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    const twice = card.getByTestId('job-made-twice');
    await expect(twice).toContainText('Made twice by the service');
    await expect(twice).toContainText(copy.uuid);
    const history = card.getByTestId('job-history');
    await history.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(history).toContainText('The service made the listing twice');
    await page.screenshot({ path: path.join(SHOTS, 'made-twice-en-light.png'), fullPage: true });
    const results = await new AxeBuilder({ page }).include('[data-job-id]').analyze();
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(twice).toContainText('Vom Dienst doppelt angelegt');
    await expect(history).toContainText('doppelt angelegt');
    await page.screenshot({ path: path.join(SHOTS, 'made-twice-de-dark.png'), fullPage: true });
    const dark = await new AxeBuilder({ page })
      .include('[data-job-id]')
      .withRules(['color-contrast'])
      .analyze();
    expect(dark.violations).toEqual([]);

    // One click, by keyboard: the service still offers no deleting, so the copy stays without an ad.
    await twice.getByRole('button', { name: 'Zweite Ausfertigung beenden' }).focus();
    await page.keyboard.press('Enter');
    await expect(twice).toBeHidden();
    await expect(history).toContainText('bleibt ohne Anzeige beim Dienst');
    await page.screenshot({ path: path.join(SHOTS, 'made-twice-ended-de-dark.png'), fullPage: true });
    expect(remote.stats().clients[CLIENT.clientId]!.listings).toBe(2);
  } finally {
    await stopShell(child);
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
