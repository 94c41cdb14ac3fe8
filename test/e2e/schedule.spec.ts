// Scheduled publishing from the editor (issue 25.4), as a seller does it with the keyboard: a date
// and time in the editor's "Publish later", typed as the app's language writes it in the desk's
// time zone, which is named (issue 32.7), and said back in words; the Drafts list's row and the
// Publishing view show it; a time in the past and one that cannot be read are refused in plain
// words; the time is changed and the schedule cancelled. Looked at in English light and German
// dark (screenshots kept in the test's output folder).
import type { Page } from '@playwright/test';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

/** `days` ahead at 09:30 on this machine's clock (the shell's desk), as a seller types it in each language. */
function ahead(days: number): { value: string; german: string; date: Date } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(9, 30, 0, 0);
  const two = (n: number) => String(n).padStart(2, '0');
  const [d, m, y] = [two(date.getDate()), two(date.getMonth() + 1), date.getFullYear()];
  return { value: `${m}/${d}/${y} 9:30 AM`, german: `${d}.${m}.${y} 09:30`, date };
}

/** The desk's time zone: the shell runs on this machine. */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A scheduled time as the app says it: its date format, and the desk's zone named. */
const said = (date: Date, language: string) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)} (${zone})`;

/** The wall-clock time of `date` (as typed) said for a desk in `deskZone`, whatever this machine's zone. */
const saidIn = (date: Date, language: string, deskZone: string) => {
  const wall = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), 9, 30);
  const text = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${text.format(wall)} (${deskZone})`;
};

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

    // The field is the app's, not the browser's: English digits, the desk's zone named beside it.
    const time = bar.getByLabel('Date and time to publish');
    await expect(time).toHaveAttribute('type', 'text');
    await expect(time).toHaveValue(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d\s?[AP]M$/);
    await expect(bar.getByTestId('schedule-zone')).toHaveText(`(${zone})`);
    await expect(bar).toContainText('The date and time as in 12/24/2026, 09:30');

    // What cannot be read is refused, saying how to write it.
    await time.fill('tomorrow');
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('alert')).toContainText('This is not a date and time this app can read');

    // A time in the past is refused, in words.
    await time.focus();
    await time.fill(ahead(-1).value);
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('alert')).toContainText('has passed already. Choose a time in the future.');

    // Tomorrow 09:30, by the keyboard alone.
    const tomorrow = ahead(1);
    await time.fill(tomorrow.value);
    // Enter in the field schedules.
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
    const germanTime = german.getByLabel('Datum und Uhrzeit der Veröffentlichung');
    await expect(germanTime).toHaveValue(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    await expect(german).toContainText('Datum und Uhrzeit wie in 24.12.2026, 09:30');
    await germanTime.fill(later.german);
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

test('schedules the selection from the Drafts list, in the desk’s own time zone', async ({
  page,
}, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  for (const [n, title] of ['Sessel', 'Regal'].entries())
    writeDraft(dataDir, readyDraft(dataDir, n, { title, customReference: `S-${n}`, publication }));
  // The desk (the back end) in Berlin: the time typed is Berlin's, and named so, whatever the browser's zone.
  const berlin = 'Europe/Berlin';
  const { shell, child } = await launchShell(dataDir, { TZ: berlin });
  try {
    await page.goto(shell.url);
    await page.getByRole('button', { name: 'Drafts', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the selected drafts' });
    const time = dialog.getByLabel('Date and time to publish');
    await expect(time).toBeFocused();
    await expect(dialog.getByTestId('schedule-zone')).toHaveText('(Europe/Berlin)');
    const tomorrow = ahead(1);
    await time.fill(tomorrow.value);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(
      `2 drafts scheduled for ${saidIn(tomorrow.date, 'en', berlin)}.`,
    );
    await page.screenshot({ path: testInfo.outputPath('schedule-list-en-light.png') });
    const list = page.getByRole('region', { name: 'Draft list' });
    await expect(
      list.getByText(`Scheduled for ${saidIn(tomorrow.date, 'en', berlin)}`, { exact: true }),
    ).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Schedule…' })).toBeFocused();
  } finally {
    await stopShell(child);
  }
});
