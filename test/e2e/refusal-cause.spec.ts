// A refusal naming its likely cause (issue 33.4, 33.9), as a seller meets it: the built-in Sandbox
// refuses a size the catalog does not list (LISTING_DESK_SANDBOX_CATALOG asks for it, as the real
// service would answer), and the job's card says which value of which category in the seller's
// words, in English (light) and German (dark).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogSchema, makeCatalogView } from '../../src/shared/domain/catalog';
import catalogJson from '../../src/shared/marketplace-catalog.json' with { type: 'json' };
import { sampleDraft } from '../fixtures/drafts';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const SHOES = 'Mode_Beauty/Schuhe_Damen';
const view = makeCatalogView(catalogSchema.parse(catalogJson));
const publication = { ...sampleDraft('x').publication, imprintUuid: null };

for (const look of [
  { language: 'en', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
] as const) {
  test(`a refused size is named on the job's card (${look.language}, ${look.colorScheme})`, async ({
    browser,
  }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    const attributes = { groesse: 'xl', condition: 'like_new', versand: 'ja' };
    writeDraft(
      dataDir,
      readyDraft(dataDir, 1, { title: 'Pumps XL', category: SHOES, attributes, publication }),
    );
    const { shell, child } = await launchShell(dataDir, {
      LISTING_DESK_SANDBOX_CATALOG: 'paths,values=groesse',
    });
    const context = await browser.newContext({ colorScheme: look.colorScheme });
    const page = await context.newPage();
    try {
      await page.goto(shell.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
      if (look.language === 'de') {
        await call(page, 'settings:set', { language: 'de' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      }
      const { items } = await call(page, 'drafts:list');
      await call(page, 'publish:start', { draftIds: [items[0]!.id] });
      await page
        .getByRole('navigation')
        .getByRole('button', { name: look.language === 'de' ? /Veröffentlichung/ : /Publishing/ })
        .click();
      const card = page.getByRole('article', { name: 'Pumps XL' });
      const size = view.attributeLabel('groesse', look.language);
      const shoes = view.names(view.category(SHOES)!, look.language).sub;
      const cause =
        look.language === 'de'
          ? `Wahrscheinliche Ursache: ${size} 'xl' ist für ${shoes} nicht bekannt: 35 bis 49.`
          : `The likely cause: ${size} 'xl' is not known for ${shoes}: 35 to 49.`;
      await expect(card.getByRole('alert')).toContainText(cause, { timeout: 20_000 });
      const shots = '/tmp/shots-service';
      mkdirSync(shots, { recursive: true });
      await card.screenshot({ path: path.join(shots, `refusal-${look.language}-${look.colorScheme}.png`) });
    } finally {
      await context.close();
      await stopShell(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
