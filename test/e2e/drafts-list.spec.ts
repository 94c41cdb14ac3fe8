// The Drafts list, tried as a seller would: drafts made earlier (written in the store's format before
// the app starts) and new ones made in the app, found by title and by reference with accents
// ignored, filtered by status, sorted by title, two picked with Ctrl+click and moved to the trash,
// brought back with Undo, restored from the trash, the trash emptied; all of it still so after a
// restart. And a draft file that does not parse: the seller is told where it went, the rest load.
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { newDraft, type Draft } from '../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { expect, launchShell, stopShell, test } from './fixtures';

/** A draft begun but not finished: a title, perhaps a reference, nothing else. */
function incompleteDraft(fields: { title: string; customReference?: string; updatedAt: string }): Draft {
  const draft = newDraft(
    { title: fields.title, customReference: fields.customReference ?? null },
    { id: randomUUID(), now: new Date(fields.updatedAt) },
  );
  return draft;
}

/** The list's pane: live drafts, or the trash. */
function listPane(page: Page): Locator {
  return page.getByRole('region', { name: /^(Draft list|Trash)$/ });
}

function rowsOf(page: Page): Locator {
  return listPane(page).getByRole('list').getByRole('button');
}

function row(page: Page, title: string): Locator {
  return listPane(page)
    .getByRole('list')
    .getByRole('button', { name: new RegExp(`^${title}`) });
}

async function search(page: Page, text: string) {
  await listPane(page).getByRole('searchbox', { name: 'Search title or reference' }).fill(text);
}

test('a seller finds, sorts, trashes and restores drafts, and the list holds after a restart', async ({
  page,
  browser,
}, testInfo) => {
  // Two starts of the app and many steps: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const dataDir = testInfo.outputPath('data');
  writeDraft(
    dataDir,
    readyDraft(dataDir, 1, {
      title: 'Kühlschrank Bosch',
      customReference: 'KS-100',
      updatedAt: '2024-05-01T10:00:00.000Z',
    }),
  );
  writeDraft(
    dataDir,
    incompleteDraft({
      title: 'Fahrrad 28 Zoll',
      customReference: 'RAD-7',
      updatedAt: '2024-05-02T10:00:00.000Z',
    }),
  );
  writeDraft(dataDir, incompleteDraft({ title: 'Sofa Leder', updatedAt: '2024-05-03T10:00:00.000Z' }));
  writeDraft(
    dataDir,
    readyDraft(dataDir, 2, {
      title: 'Esstisch Eiche',
      customReference: 'ET-3',
      updatedAt: '2024-05-04T10:00:00.000Z',
    }),
  );

  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await expect(page.getByTestId('drafts-summary')).toHaveText('4 drafts');
    await expect(rowsOf(page)).toHaveText([
      /^Esstisch Eiche/,
      /^Sofa Leder/,
      /^Fahrrad 28 Zoll/,
      /^Kühlschrank/,
    ]);
    const fridge = row(page, 'Kühlschrank Bosch');
    await expect(fridge).toContainText('KS-100');
    await expect(fridge).toContainText('1 photo');
    await expect(fridge).toContainText('Ready');
    await expect(row(page, 'Sofa Leder')).toContainText('Incomplete');
    await expect(row(page, 'Sofa Leder')).toContainText(/\d+ issues/);
    // The cover really loads from the data folder (naturalWidth is 0 for a broken image).
    await expect
      .poll(() => fridge.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(64);

    // Two new drafts: with the button (a title typed in the editor) and with Ctrl+N.
    await page.getByRole('button', { name: 'New draft' }).click();
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await expect(editor.getByRole('heading', { name: 'Untitled draft' })).toBeVisible();
    await editor.getByLabel('Title').fill('Kühlbox Campingaz');
    await expect(row(page, 'Kühlbox Campingaz')).toBeVisible();
    await expect(row(page, 'Kühlbox Campingaz')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ControlOrMeta+n');
    await expect(page.getByTestId('drafts-summary')).toHaveText('6 drafts');
    await expect(row(page, 'Untitled draft')).toHaveAttribute('aria-current', 'true');

    // Search by title and by reference, case and accents ignored.
    await search(page, 'kuhl');
    await expect(rowsOf(page)).toHaveText([/^Kühlbox Campingaz/, /^Kühlschrank Bosch/]);
    await expect(page.getByTestId('drafts-summary')).toHaveText('2 of 6 drafts shown');
    await search(page, 'rad-7');
    await expect(rowsOf(page)).toHaveText([/^Fahrrad 28 Zoll/]);
    await search(page, 'nothing like this');
    await expect(listPane(page).getByText('No draft matches this search or status.')).toBeVisible();
    await listPane(page).getByRole('button', { name: 'Show all drafts' }).click();
    await expect(rowsOf(page)).toHaveCount(6);

    // Filter by status, sort by title (untitled drafts last).
    const status = listPane(page).getByLabel('Status');
    await status.selectOption({ label: 'Ready' });
    await expect(rowsOf(page)).toHaveText([/^Esstisch Eiche/, /^Kühlschrank Bosch/]);
    await status.selectOption({ label: 'Draft (incomplete)' });
    await expect(rowsOf(page)).toHaveCount(4);
    await status.selectOption({ label: 'All' });
    await listPane(page).getByLabel('Sort').selectOption({ label: 'Title A–Z' });
    await expect(rowsOf(page)).toHaveText([
      /^Esstisch Eiche/,
      /^Fahrrad 28 Zoll/,
      /^Kühlbox Campingaz/,
      /^Kühlschrank Bosch/,
      /^Sofa Leder/,
      /^Untitled draft/,
    ]);

    // Two picked with Ctrl+click go to the trash; Undo brings them back.
    await row(page, 'Fahrrad 28 Zoll').click({ modifiers: ['ControlOrMeta'] });
    await row(page, 'Sofa Leder').click({ modifiers: ['ControlOrMeta'] });
    const bulk = page.getByRole('toolbar', { name: 'Selected drafts' });
    await expect(bulk).toContainText('2 selected');
    await expect(listPane(page).getByRole('checkbox', { name: 'Select “Sofa Leder”' })).toBeChecked();
    await bulk.getByRole('button', { name: 'Move to trash' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'moved to the trash' });
    await expect(notice).toHaveText(/2 drafts moved to the trash\./);
    await expect(rowsOf(page)).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Trash (2)' })).toBeVisible();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 drafts restored.' })).toBeVisible();
    await expect(rowsOf(page)).toHaveCount(6);

    // Again, this time with the keyboard's Delete key.
    await row(page, 'Fahrrad 28 Zoll').click({ modifiers: ['ControlOrMeta'] });
    await row(page, 'Sofa Leder').click({ modifiers: ['ControlOrMeta'] });
    await page.keyboard.press('Delete');
    await expect(rowsOf(page)).toHaveCount(4);
    await expect(row(page, 'Sofa Leder')).toHaveCount(0);

    // In the trash: restore one, empty the trash (after saying yes).
    await page.getByRole('button', { name: 'Trash (2)' }).click();
    const trashList = page.getByRole('list', { name: '2 drafts in the trash' });
    await expect(trashList.getByRole('button')).toHaveText([/^Fahrrad 28 Zoll/, /^Sofa Leder/]);
    await row(page, 'Sofa Leder').click();
    await bulk.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 draft restored.' })).toBeVisible();
    await expect(page.getByRole('list', { name: '1 draft in the trash' }).getByRole('button')).toHaveText([
      /^Fahrrad 28 Zoll/,
    ]);
    await page.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete 1 draft and its photos for good?');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(listPane(page).getByText('The trash is empty.')).toBeVisible();
    await page.getByRole('button', { name: 'Trash (0)' }).click();
    await expect(page.getByTestId('drafts-summary')).toHaveText('5 drafts');
  } finally {
    await stopShell(child);
  }

  // A restart on the same folder shows the same list.
  const again = await launchShell(dataDir);
  try {
    const context = await browser.newContext();
    const second = await context.newPage();
    await second.goto(again.shell.url);
    await expect(second.getByTestId('drafts-summary')).toHaveText('5 drafts');
    await expect(second.getByRole('button', { name: 'Trash (0)' })).toBeVisible();
    await expect(row(second, 'Sofa Leder')).toBeVisible();
    await expect(row(second, 'Kühlbox Campingaz')).toBeVisible();
    await expect(row(second, 'Fahrrad 28 Zoll')).toHaveCount(0);
    await context.close();
  } finally {
    await stopShell(again.child);
  }
});

test('the keyboard moves through the list, picks drafts and opens them', async ({ page }, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  for (const [n, title] of ['Anorak', 'Bettwäsche', 'Couchtisch'].entries())
    writeDraft(dataDir, incompleteDraft({ title, updatedAt: `2024-05-0${3 - n}T10:00:00.000Z` }));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await row(page, 'Anorak').click();
    await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Anorak');
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 'Bettwäsche')).toBeFocused();
    await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Bettwäsche');
    await page.keyboard.press('End');
    await expect(editor.getByRole('heading', { level: 2 })).toHaveText('Couchtisch');
    await page.keyboard.press('Space');
    await expect(listPane(page).getByRole('checkbox', { name: 'Select “Couchtisch”' })).toBeChecked();
    await page.keyboard.press('Home');
    await expect(row(page, 'Anorak')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('toolbar', { name: 'Selected drafts' })).toContainText('2 selected');
    // Tab leaves the list in one step: it is a single stop, arrows move inside it.
    await page.keyboard.press('Shift+Tab');
    await expect(listPane(page).getByRole('button', { name: 'Clear selection' })).toBeFocused();
  } finally {
    await stopShell(child);
  }
});

test('a draft file that does not parse is named with where it went, and the other drafts load', async ({
  page,
}, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  writeDraft(dataDir, incompleteDraft({ title: 'Gartenbank Teak', updatedAt: '2024-05-01T10:00:00.000Z' }));
  writeDraft(dataDir, incompleteDraft({ title: 'Nähmaschine', updatedAt: '2024-05-02T10:00:00.000Z' }));
  const broken = path.join(dataDir, 'drafts', `${randomUUID()}.json`);
  writeFileSync(broken, '{"version": 1, "title": "Half a dra');

  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    // One place names every file moved aside: the app's problems banner, until it is dismissed.
    const banner = page.getByRole('alert', { name: 'Files the app could not read' });
    const item = banner.getByRole('listitem').filter({ hasText: 'A draft file could not be read' });
    await expect(item).toContainText(broken);
    const movedAside = /moved to (\S+\.unreadable-\S+), where/.exec((await item.textContent()) ?? '')?.[1];
    expect(movedAside, 'the banner names where the file went').toBeTruthy();
    // What the banner says is true: the file is there, not in the drafts any more.
    expect(existsSync(movedAside!)).toBe(true);
    expect(existsSync(broken)).toBe(false);
    await expect(rowsOf(page)).toHaveText([/^Nähmaschine/, /^Gartenbank Teak/]);
    await item.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
  } finally {
    await stopShell(child);
  }
});
