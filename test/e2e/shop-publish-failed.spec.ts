// A publish job another desk ran for this one and that failed (issue 24.5), against a real
// PostgreSQL this file starts and a sandbox: the web shell's desk has the shop's account without
// its secret, so a second desk (another web shell, holding the secret) runs the job; the
// service refuses the publication once, and the desk that pressed Publish is told in a notice, in
// English light and German dark; its Retry puts the job back into the shop's queue, and the other
// desk publishes it. Run in the keychain's session (as npm test runs e2e): the desks' database
// password lives there.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { addRealAccount } from '../helpers/real-account';
import { cli } from '../integration/cli/run-cli';
import { startPostgres } from '../shop/helpers/postgres';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'moebelhaus-schmidt', clientSecret: 'moebel-secret-9d2c' };

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

test.setTimeout(180_000);

test('a job that failed on another desk is told on the desk that pressed Publish; its Retry goes back to the queue', async ({
  page,
}, testInfo) => {
  const server = await startPostgres();
  const cleanup: Array<() => unknown> = [() => server.remove()];
  try {
    const url = await server.createDatabase();
    const init = await cli(['shop', 'init', url]);
    expect(init.code, init.stderr).toBe(0);
    const sb = await startSandbox({ port: 0, clients: [CLIENT], validationDelayMs: 20 });
    cleanup.push(() => sb.close());
    // Two desks, each a web shell on a data folder joined by the command line.
    const shellOn = async (name: string) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `listing-desk-e2e-${name}-`));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const joined = await cli(['shop', 'join', url, '--data-dir', dataDir, '--name', name]);
      expect(joined.code, joined.stderr).toBe(0);
      const { shell, child } = await launchShell(dataDir);
      cleanup.push(() => stopShell(child));
      return shell;
    };
    const lagerShell = await shellOn('Lager');
    const shell = await shellOn('Kasse');
    // The other desk: the account with its secret and its imprint.
    const lager = await page.context().newPage();
    await lager.goto(lagerShell.url);
    const account = await addRealAccount(desk(lager), sb, {
      name: 'Möbelhaus',
      client: CLIENT,
      imprint: 'Möbelhaus Schmidt GmbH\nHauptstraße 1\n10115 Berlin\n\nVertreten durch: Erika Schmidt',
    });

    // This desk receives the account without its secret.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(shell.url);
    await expect
      .poll(async () => (await call(page, 'accounts:list')).accounts.find((a) => a.id === account.id), {
        timeout: 30_000,
      })
      .toMatchObject({ hasSecret: false });
    await call(page, 'accounts:select', { id: account.id });
    const draftId = await makeDraft(page, 1, { title: 'Kommode Eiche', reference: 'SHOP-F-1', photos: 1 });

    // The service refuses the publication once: the job fails on the desk that runs it.
    sb.faults.add({ route: 'POST /v1/listings/:uuid/publications', kind: 'status', status: 400, times: 1 });
    await call(page, 'publish:start', { draftIds: [draftId] });
    const notice = page.getByTestId('publish-notice');
    await expect(notice).toContainText('“Kommode Eiche” could not be published', { timeout: 60_000 });
    await expect(notice).toContainText('Location incomplete');
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    const card = page.locator('.job-card');
    await expect(card.getByTestId('job-desk')).toContainText('Lager');
    await shot(page, testInfo, 'shop-failed-notice-en-light');

    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(notice).toContainText('„Kommode Eiche“ konnte nicht veröffentlicht werden');
    await expect(notice).toContainText('Standort unvollständig');
    await shot(page, testInfo, 'shop-failed-notice-de-dark');

    // Retry on this desk (it lacks the secret): back into the shop's queue, published by the other.
    await card.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect
      .poll(async () => (await call(page, 'publish:list')).jobs.map((job) => job.state), { timeout: 60_000 })
      .toEqual(['published']);
    expect((await sb.stats()).clients[CLIENT.clientId]).toMatchObject({ listings: 1, publications: 1 });
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
});
