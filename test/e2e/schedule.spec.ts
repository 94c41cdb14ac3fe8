// Scheduled publishing from the editor (issue 25.4), as a seller does it with the keyboard: a date
// and time in the editor's "Publish later", said back in words; the Drafts list's row and the
// Publishing view show it; a time in the past is refused in plain words; the time is changed and
// the schedule cancelled. Looked at in English light and German dark (screenshots kept in the
// test's output folder).
import type { Page } from '@playwright/test';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

/** The value of a date-time input `days` ahead at 09:30 local time. */
function ahead(days: number): { value: string; date: Date } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(9, 30, 0, 0);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    value: `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T09:30`,
    date,
  };
}

const said = (date: Date, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);

async function openDraft(page: Page, title: string) {
  await page.getByRole('button', { name: 'Drafts', exact: true }).click();
  await page.getByRole('region', { name: 'Draft list' }).getByRole('button', { name: title }).click();
}

test('schedules a draft from the editor, shows it in the list and in Publishing, changes and cancels it', async ({
  page,
}, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  writeDraft(
    dataDir,
    readyDraft(dataDir, 1, { title: 'Stehlampe Messing', customReference: 'L-1', publication }),
  );
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await openDraft(page, 'Stehlampe Messing');
    const bar = page.getByRole('region', { name: 'Publish later' });
    await expect(bar).toBeVisible();

    // A time in the past is refused, in words.
    const time = bar.getByLabel('Date and time to publish');
    await time.focus();
    await time.fill(ahead(-1).value);
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('alert')).toContainText('has passed already. Choose a time in the future.');

    // Tomorrow 09:30, by the keyboard alone.
    const tomorrow = ahead(1);
    await time.fill(tomorrow.value);
    // Enter in the date-time field schedules (Tab walks the field's own parts first).
    await expect(time).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bar.getByTestId('schedule-state')).toHaveText(`Scheduled for ${said(tomorrow.date, 'en')}`);
    await expect(bar.getByRole('status')).toHaveText(`1 draft scheduled for ${said(tomorrow.date, 'en')}.`);
    const row = page
      .getByRole('region', { name: 'Draft list' })
      .getByRole('button', { name: /Stehlampe Messing/ });
    await expect(row).toContainText(`Scheduled for ${said(tomorrow.date, 'en')}`);
    await page.screenshot({ path: testInfo.outputPath('schedule-editor-en-light.png') });

    await page.getByRole('button', { name: 'Publishing', exact: true }).click();
    const panel = page.getByTestId('scheduled-panel');
    await expect(panel).toContainText('Stehlampe Messing');
    await expect(panel).toContainText(`Scheduled for ${said(tomorrow.date, 'en')}`);

    // German, dark: the same in German words and the German date.
    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(panel).toContainText(`Geplant für ${said(tomorrow.date, 'de')}`);
    await page.screenshot({ path: testInfo.outputPath('schedule-publishing-de-dark.png') });
    await panel.getByRole('button', { name: 'Öffnen' }).click();
    const german = page.getByRole('region', { name: 'Später veröffentlichen' });
    const later = ahead(2);
    await german.getByLabel('Datum und Uhrzeit der Veröffentlichung').fill(later.value);
    await german.getByRole('button', { name: 'Zeit ändern' }).click();
    await expect(german.getByTestId('schedule-state')).toHaveText(`Geplant für ${said(later.date, 'de')}`);
    await page.screenshot({ path: testInfo.outputPath('schedule-editor-de-dark.png') });

    await german.getByRole('button', { name: 'Planung aufheben' }).click();
    await expect(german.getByRole('status')).toHaveText('Die Planung von 1 Entwurf ist aufgehoben.');
    await expect(german.getByTestId('schedule-state')).toHaveCount(0);
    const draftId = (await call(page, 'drafts:list', {})).items[0]!.id;
    expect((await call(page, 'drafts:get', { id: draftId })).schedule).toBeNull();
  } finally {
    await stopShell(child);
  }
});

test('schedules the selection from the Drafts list', async ({ page }, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  for (const [n, title] of ['Sessel', 'Regal'].entries())
    writeDraft(dataDir, readyDraft(dataDir, n, { title, customReference: `S-${n}`, publication }));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await page.getByRole('button', { name: 'Drafts', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the selected drafts' });
    const time = dialog.getByLabel('Date and time to publish');
    await expect(time).toBeFocused();
    const tomorrow = ahead(1);
    await time.fill(tomorrow.value);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(
      `2 drafts scheduled for ${said(tomorrow.date, 'en')}.`,
    );
    await page.screenshot({ path: testInfo.outputPath('schedule-list-en-light.png') });
    const list = page.getByRole('region', { name: 'Draft list' });
    await expect(list.getByText(`Scheduled for ${said(tomorrow.date, 'en')}`, { exact: true })).toHaveCount(
      2,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Schedule…' })).toBeFocused();
  } finally {
    await stopShell(child);
  }
});
