// The category picker (issue 33.2), tried as a new seller would, by keyboard only: "lego",
// "esstisch", "pumps" and "kinderwagen" give the right subcategories, with the kind where there is
// one (its attribute set on the draft), in German dark and English light, with axe over the open
// list; the tree browsed with the arrow keys, Home and End; a typed path the catalog does not know
// kept with its note, and a half-typed word neither saved nor offered later (33.8); and the bulk
// change "Set category" over three drafts, previewed, then saved.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { call, makeDraft } from './contract-calls';
import { routeIpc } from './ipc-route';
import { expect, test } from './fixtures';

type Look = { language: 'en' | 'de'; colorScheme: 'light' | 'dark' };
const LOOKS: Look[] = [
  { language: 'de', colorScheme: 'dark' },
  { language: 'en', colorScheme: 'light' },
];

// The checked-from-outside queries: the first result, its path and the kind it sets.
const QUERIES = [
  { query: 'lego', path: 'Familie_Kind_Baby/Spielzeug', art: 'lego_duplo', label: /LEGO & Duplo/ },
  { query: 'esstisch', path: 'Haus_Garten/Kueche_Esszimmer', art: 'tische', label: /Tische|Tables/ },
  { query: 'pumps', path: 'Mode_Beauty/Schuhe_Damen', art: 'pumps', label: /Pumps/ },
  // No kind: the Pumps of the draft before are let go with their category.
  {
    query: 'kinderwagen',
    path: 'Familie_Kind_Baby/Kinderwagen_Buggys',
    art: undefined,
    label: /Kinderwagen|Prams/,
  },
];

const WORDS = {
  en: { editor: 'Draft editor', category: 'Category', sent: 'Sent as', title: 'Title', drafts: /Drafts/ },
  de: {
    editor: 'Entwurfseditor',
    category: 'Kategorie',
    sent: 'Gesendet als',
    title: 'Titel',
    drafts: /Entwürfe/,
  },
};

async function setLook(page: Page, look: Look): Promise<void> {
  await page.emulateMedia({ colorScheme: look.colorScheme });
  // The window follows a change of language once it is up (it listens for settings:changed).
  await expect(page.getByRole('navigation')).toBeVisible();
  await call(page, 'settings:set', { language: look.language });
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
}

/** Opens a new draft titled `title` from the Drafts view; answers the editor and its category field. */
async function openNewDraft(
  page: Page,
  look: Look,
  title: string,
): Promise<{ editor: Locator; field: Locator; id: string }> {
  const created = await call(page, 'drafts:create');
  await call(page, 'drafts:save', { draft: { ...(await draftFields(page, created.id)), title } });
  await page.getByRole('navigation').getByRole('button', { name: WORDS[look.language].drafts }).click();
  await page.getByRole('button', { name: title }).click();
  const editor = page.getByRole('region', { name: WORDS[look.language].editor });
  await expect(editor.getByRole('heading', { level: 2 })).toHaveText(title);
  return {
    editor,
    field: editor.getByRole('combobox', { name: WORDS[look.language].category }),
    id: created.id,
  };
}

async function draftFields(page: Page, id: string) {
  return draftFieldsOf(await call(page, 'drafts:get', { id }));
}

/** The option the field's aria-activedescendant names. */
function activeOption(page: Page, field: Locator): Promise<string> {
  return field.evaluate((input) => {
    const id = input.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });
}

/** Axe over the page with the list open: no finding of impact serious or critical. */
async function expectNoSeriousFinding(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, `axe checked nothing in ${state}`).toBeGreaterThan(10);
  const findings = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${state}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary}`),
    );
  expect(findings).toEqual([]);
}

const shots = process.env.PICKER_SHOTS;

/** The picker's status while the catalog loads. */
const LOADING = { en: 'Loading the catalog…', de: 'Der Katalog wird geladen …' };

for (const look of LOOKS) {
  test(`${look.language} ${look.colorScheme}: the four queries by keyboard give their subcategory and kind`, async ({
    page,
    shell,
  }) => {
    await page.goto(shell.url);
    await setLook(page, look);
    const words = WORDS[look.language];
    const { editor, field, id } = await openNewDraft(page, look, 'Spielsachen');
    // From the title, Tab reaches the picker; the catalog is not loaded before the list opens.
    await editor.getByLabel(words.title, { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    const list = page.getByTestId('category-picker-list');

    for (const [n, expected] of QUERIES.entries()) {
      await page.keyboard.press('Control+A');
      await page.keyboard.type(expected.query);
      await expect(list.getByRole('option').first()).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('ArrowDown');
      expect(await activeOption(page, field)).toMatch(expected.label);
      if (n === 0) {
        if (shots)
          await page.screenshot({ path: `${shots}/picker-${look.language}-${look.colorScheme}.png` });
        await expectNoSeriousFinding(page, `picker open (${look.language} ${look.colorScheme})`);
      }
      await page.keyboard.press('Enter');
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(editor.getByText(`${words.sent} ${expected.path}`)).toBeVisible();
      await expect
        .poll(async () => {
          const draft = await call(page, 'drafts:get', { id });
          return [draft.category, draft.attributes.art];
        })
        .toEqual([expected.path, expected.art]);
    }
    // The field shows the names, never the path.
    await expect(field).not.toHaveValue(/_/);
  });
}

test('the tree by arrow keys, Home and End; a typed unknown path kept with its note; a half-typed word not kept', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await setLook(page, LOOKS[1]!);
  const { editor, field, id } = await openNewDraft(page, LOOKS[1]!, 'Baukasten');
  await field.focus();
  const list = page.getByTestId('category-picker-list');

  // Nothing typed: ArrowDown opens the main categories; End and Home jump, → opens, ← goes back.
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option')).toHaveCount(14);
  await page.keyboard.press('End');
  expect(await activeOption(page, field)).not.toBe('');
  const last = await activeOption(page, field);
  await page.keyboard.press('Home');
  expect(await activeOption(page, field)).not.toBe(last);
  for (let i = 0; i < 14 && !/Familie|Family/.test(await activeOption(page, field)); i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  expect(await activeOption(page, field)).toMatch(/Back to all categories/);
  if (shots) await page.screenshot({ path: `${shots}/picker-tree-en-light.png` });
  // Back up, the main category left is the active row again.
  await page.keyboard.press('ArrowLeft');
  await expect(list.getByRole('option')).toHaveCount(14);
  expect(await activeOption(page, field)).toMatch(/Familie|Family/);
  await page.keyboard.press('Enter');
  for (let i = 0; i < 30 && !/^(Spielzeug|Toys)/.test(await activeOption(page, field)); i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 60 && !/LEGO/.test(await activeOption(page, field)); i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => {
      const draft = await call(page, 'drafts:get', { id });
      return [draft.category, draft.attributes.art];
    })
    .toEqual(['Familie_Kind_Baby/Spielzeug', 'lego_duplo']);

  // Escape closes the list and lets the typing go.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('pumps');
  await page.keyboard.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue(/LEGO/);

  // A path the catalog does not know: kept as typed, with a quiet note.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Eigene_Kategorie/Bausteine');
  await page.keyboard.press('Enter');
  await expect(editor.getByTestId('category-unknown')).toHaveText(
    'The catalog does not know this path; it is kept as typed.',
  );
  await expect(field).toHaveValue('Eigene_Kategorie/Bausteine');
  if (shots) await page.screenshot({ path: `${shots}/picker-unknown-en-light.png` });
  await expect(field).toHaveAccessibleDescription(/The catalog does not know this path/);
  await expect
    .poll(async () => (await call(page, 'drafts:get', { id })).category)
    .toBe('Eigene_Kategorie/Bausteine');

  // Half-typed and left: neither saved nor offered later (issue 33.8).
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Mö');
  await page.keyboard.press('Tab');
  await expect(field).toHaveValue('Eigene_Kategorie/Bausteine');
  await editor.getByLabel('Title', { exact: true }).fill('Baukasten groß');
  await expect.poll(async () => (await call(page, 'drafts:get', { id })).title).toBe('Baukasten groß');
  expect((await call(page, 'drafts:get', { id })).category).toBe('Eigene_Kategorie/Bausteine');
  const { categories } = await call(page, 'drafts:suggestions', { draftId: id });
  expect(categories).not.toContain('Mö');
  expect(categories).toContain('Familie_Kind_Baby/Spielzeug');
});

test('bulk: "Set category" over three drafts, with the kind, previewed then saved', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const titles = ['Duplo Eisenbahn', 'Lego Technik', 'Lego Burg'];
  const ids: string[] = [];
  for (const [i, title] of titles.entries())
    ids.push(await makeDraft(page, i + 1, { title, reference: `CAT-${i + 1}`, photos: 0 }));
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Drafts/ })
    .click();
  for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
  await page.getByTestId('bulk-change-drafts').click();
  const dialog = page.getByRole('dialog', { name: 'Change 3 drafts' });
  await dialog.getByRole('radio', { name: 'Set category' }).check();
  const field = dialog.getByRole('combobox', { name: 'Category' });
  await field.focus();
  await page.keyboard.type('lego');
  await expect(dialog.getByTestId('category-picker-list').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Sent as Familie_Kind_Baby/Spielzeug')).toBeVisible();
  await dialog.getByRole('button', { name: 'Show preview' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '3 of 3 will change; 0 stay the same; 0 left out.',
  );
  const preview = dialog.getByTestId('bulk-preview');
  for (const title of titles) {
    const rows = preview.getByRole('row').filter({ hasText: title });
    await expect(rows).toContainText('Haushalt/Kühlschränke');
  }
  await expect(preview.getByRole('cell', { name: 'Familie_Kind_Baby/Spielzeug' })).toHaveCount(3);
  await expect(preview.getByRole('cell', { name: 'lego_duplo' })).toHaveCount(3);
  if (shots) {
    await page.screenshot({ path: `${shots}/bulk-en-light.png` });
    await setLook(page, LOOKS[0]!);
    await page.screenshot({ path: `${shots}/bulk-de-dark.png` });
    await setLook(page, LOOKS[1]!);
  }
  await dialog.getByRole('button', { name: 'Change 3 drafts' }).click();
  await expect(dialog.getByTestId('bulk-drafts-result')).toHaveText('Saved 3 drafts.');
  for (const id of ids) {
    const draft = await call(page, 'drafts:get', { id });
    expect([draft.category, draft.attributes.art]).toEqual(['Familie_Kind_Baby/Spielzeug', 'lego_duplo']);
  }
});

for (const look of LOOKS) {
  test(`${look.language} ${look.colorScheme}: while the catalog still loads, the hits show with its status beside the list, and axe finds nothing serious`, async ({
    page,
    shell,
  }) => {
    // The catalog's answer is held back, as on a busy machine: main's hits come first (issue 33.9).
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await routeIpc(page, (channel, result) => (channel === 'catalog:get' ? held.then(() => result) : result));
    await page.goto(shell.url);
    await setLook(page, look);
    const { editor, field, id } = await openNewDraft(page, look, 'Steine');
    await field.focus();
    await page.keyboard.type('lego');
    const list = page.getByTestId('category-picker-list');
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(list.getByRole('status')).toHaveText(LOADING[look.language]);
    // The status is not one of the list's options: the listbox holds options only.
    await expect(list.getByRole('listbox').getByRole('status')).toHaveCount(0);
    if (shots) {
      await list.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/picker-loading-${look.language}-${look.colorScheme}.png` });
    }
    await expectNoSeriousFinding(
      page,
      `picker open while the catalog loads (${look.language} ${look.colorScheme})`,
    );
    release();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const path = 'Familie_Kind_Baby/Spielzeug';
    await expect(editor.getByText(`${WORDS[look.language].sent} ${path}`)).toBeVisible();
    await expect.poll(async () => (await call(page, 'drafts:get', { id })).category).toBe(path);
  });
}
