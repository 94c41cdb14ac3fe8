// Issue 26.3 and 26.4, tried as a seller would, in English (light) and German (dark): an account
// whose token address lacks its /v2 does not publish: Publishing and the editor say that the account
// cannot sign in and why, never that the ad was deleted, and the editor shows one state. Sandbox ads
// are marked as test ads in the notice, Publishing and Listings, and the first screen points to
// connecting the real account.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { giveImprint, publicationWithoutImprint } from '../helpers/imprint';
import { addRealAccount } from '../helpers/real-account';
import { expect, launchShell, stopShell, test } from './fixtures';

/** An imprint the draft names itself (the account would have to create one on the service). */
const OWN_IMPRINT = '11111111-2222-4333-8444-555555555555';

type Look = { language: 'en' | 'de'; colorScheme: 'light' | 'dark' };
const looks: Look[] = [
  { language: 'en', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
];

const WORDS = {
  en: {
    publish: 'Publish',
    editor: 'Draft editor',
    publishing: /Publishing/,
    listings: 'Listings',
    cannotSignIn: 'cannot sign in',
    tokenAddress: 'token address is wrong',
    badge: 'Waiting for the account',
    deleted: /deleted|not found on the service/i,
    failed: 'Publishing failed',
    live: /is live/,
    test: 'On the test service (Sandbox): not on the real marketplace.',
    testListings: 'Sandbox is a test service built into Listing Desk',
    firstStart: 'You are working with Sandbox, a test service built into Listing Desk',
    connect: 'Connect your real account',
    accounts: 'Accounts',
  },
  de: {
    publish: 'Veröffentlichen',
    editor: 'Entwurfseditor',
    publishing: /Veröffentlichung/,
    listings: 'Anzeigen',
    cannotSignIn: 'kann sich nicht anmelden',
    tokenAddress: 'Token-Adresse ist falsch',
    badge: 'Wartet auf das Konto',
    deleted: /gelöscht|Beim Dienst nicht gefunden|deleted/i,
    failed: 'Veröffentlichung fehlgeschlagen',
    live: /ist online/,
    test: 'Auf dem Testdienst (Sandbox): nicht auf dem echten Marktplatz.',
    testListings: 'Sandbox ist ein Testdienst in Listing Desk',
    firstStart: 'Sie arbeiten mit Sandbox, einem Testdienst in Listing Desk',
    connect: 'Ihr echtes Konto verbinden',
    accounts: 'Konten',
  },
} as const;

/** Calls the contract as the renderer does (setup only: what is tested is what the seller sees). */
async function call<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const result = await page.evaluate(([name, value]) => window.api!.invoke(name as never, value as never), [
    channel,
    input,
  ] as const);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** The page as a caller of the contract, for the shared helpers (test/helpers). */
const desk = (page: Page) => ({ call: (channel: string, input?: unknown) => call(page, channel, input) });

async function setLook(page: Page, look: Look): Promise<void> {
  // The page listens for the settings once it is drawn.
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.emulateMedia({ colorScheme: look.colorScheme });
  await call(page, 'settings:set', { language: look.language });
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const look of looks) {
  const w = WORDS[look.language];

  test(`an account with a wrong token address does not publish, and says why (${look.language})`, async ({
    page,
  }, testInfo) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Kühlschrank, wie neu' }));
    const { shell, child } = await launchShell(dataDir);
    try {
      await page.goto(shell.url);
      await setLook(page, look);
      // An account on the embedded service, its token address typed without /v2 (the form takes it).
      const { accounts } = await call<{ accounts: { kind: string; authUrl: string }[] }>(
        page,
        'accounts:list',
        undefined,
      );
      const origin = new URL(accounts.find((a) => a.kind === 'sandbox')!.authUrl).origin;
      const shop = await addRealAccount(
        desk(page),
        { authUrl: `${origin}/auth`, baseUrl: `${origin}/api` },
        {
          name: 'Shop Berlin',
          client: { clientId: 'shop-berlin', clientSecret: 'typed-by-the-seller' },
          authScheme: 'auto',
        },
      );
      const { items } = await call<{ items: { id: string }[] }>(page, 'drafts:list', {});
      await call(page, 'drafts:move-account', { ids: items.map((d) => d.id), accountId: shop.id });
      // The draft names an imprint of its own: an account without one is asked for one first (its
      // own check), and an account that cannot sign in cannot create one on the service either.
      for (const { id } of items) {
        const draft = await call<Draft>(page, 'drafts:get', { id });
        const fields = draftFieldsOf(draft);
        await call(page, 'drafts:save', {
          draft: { ...fields, publication: { ...fields.publication, imprintUuid: OWN_IMPRINT } },
        });
      }
      await call(page, 'accounts:select', { id: shop.id });
      await page.reload();

      await page.getByRole('button', { name: /Kühlschrank, wie neu/ }).click();
      const editor = page.getByRole('region', { name: w.editor });
      await editor.getByRole('button', { name: w.publish, exact: true }).click();

      // The editor: one state, the account's, never the ad's.
      const status = editor.getByTestId('publish-status');
      await expect(status).toContainText(w.cannotSignIn);
      await expect(status).toContainText('Shop Berlin');
      await expect(status).toContainText(w.tokenAddress);
      await expect(status).not.toContainText(w.deleted);
      await expect(editor.getByTestId('editor-status')).not.toHaveText(w.failed);
      await expect(editor.getByTestId('editor-summary')).toHaveCount(0);
      await shot(page, testInfo, `editor-${look.language}-${look.colorScheme}`);

      // Publishing: the job waits for the account, says why and what to do.
      await page.getByRole('navigation').getByRole('button', { name: w.publishing }).click();
      const card = page.getByRole('article', { name: 'Kühlschrank, wie neu' });
      await expect(card.getByTestId('job-state')).toHaveText(w.badge);
      await expect(card).toContainText(w.cannotSignIn);
      await expect(card).toContainText(w.tokenAddress);
      await expect(card).not.toContainText(w.deleted);
      await shot(page, testInfo, `publishing-${look.language}-${look.colorScheme}`);

      // "Check the account" leads to the accounts.
      await card
        .getByRole('button', { name: look.language === 'en' ? 'Check the account' : 'Konto prüfen' })
        .click();
      await expect(page.getByRole('heading', { name: w.accounts })).toBeVisible();
      const row = page.getByTestId('account-Shop Berlin').getByTestId('account-sign-in');
      await expect(row).toContainText(w.cannotSignIn);
      await expect(row).toContainText(w.tokenAddress);
      // The settings scroll inside the page: the account's row is what is looked at.
      await page
        .getByTestId('account-Shop Berlin')
        .screenshot({ path: testInfo.outputPath(`settings-${look.language}-${look.colorScheme}.png`) });
    } finally {
      await stopShell(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test(`Sandbox ads are marked as test ads; the first screen points to the real account (${look.language})`, async ({
    page,
  }, testInfo) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    const { shell, child } = await launchShell(dataDir);
    try {
      await page.goto(shell.url);
      await setLook(page, look);
      // The first screen: no drafts yet, on the Sandbox: it says so and points to Settings → Accounts.
      const pointer = page.getByTestId('test-service-note');
      await expect(pointer).toContainText(w.firstStart);
      await shot(page, testInfo, `first-${look.language}-${look.colorScheme}`);
      await pointer.getByRole('button', { name: w.connect }).click();
      await expect(page.getByRole('heading', { name: w.accounts })).toBeVisible();
    } finally {
      await stopShell(child);
    }

    // A draft published on the Sandbox: the notice, Publishing and Listings mark it as a test ad.
    writeDraft(
      dataDir,
      readyDraft(dataDir, 1, { title: 'Fahrrad 28 Zoll', publication: publicationWithoutImprint }),
    );
    const again = await launchShell(dataDir);
    try {
      await page.goto(again.shell.url);
      await setLook(page, look);
      await giveImprint(desk(page), 'sandbox', 'Muster GmbH, Berlin');
      await page.getByRole('button', { name: /Fahrrad 28 Zoll/ }).click();
      const editor = page.getByRole('region', { name: w.editor });
      await editor.getByRole('button', { name: w.publish, exact: true }).click();

      const notice = page.getByTestId('publish-notice');
      await expect(notice).toContainText(w.live, { timeout: 20_000 });
      await expect(notice.getByTestId('test-badge')).toHaveText('Test');
      await expect(notice).toContainText(w.test);
      await expect(editor.getByTestId('publish-status').getByTestId('test-badge')).toBeVisible();
      await shot(page, testInfo, `notice-${look.language}-${look.colorScheme}`);

      await page.getByRole('navigation').getByRole('button', { name: w.publishing }).click();
      const card = page.getByRole('article', { name: 'Fahrrad 28 Zoll' });
      await expect(card.getByTestId('test-badge')).toHaveText('Test');
      await shot(page, testInfo, `publishing-test-${look.language}-${look.colorScheme}`);

      await page.getByRole('navigation').getByRole('button', { name: w.listings, exact: true }).click();
      await expect(page.getByTestId('listings-summary').getByTestId('test-badge')).toHaveText('Test');
      await expect(page.getByTestId('test-service-note')).toContainText(w.testListings);
      await expect(page.getByRole('list').getByRole('button', { name: /^Fahrrad 28 Zoll/ })).toBeVisible();
      await shot(page, testInfo, `listings-${look.language}-${look.colorScheme}`);
    } finally {
      await stopShell(again.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
