// Many drafts (issue 18.5): the list shows its first screen of rows from a small first answer and
// the rest right after, in compact form. Everything still works over all of them: the count, the
// last draft at the end of the list, select all, search, the editor with the whole draft, and a row
// following a change saved elsewhere.
import type { Page, WebSocket } from '@playwright/test';
import { FIRST_ROWS } from '../../src/shared/domain/drafts/draft-rows';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { draftId, sampleDraft } from '../fixtures/drafts';
import { writeDraft } from '../fixtures/draft-files';
import { call } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const COUNT = 150;
const titleOf = (n: number) => `Artikel Nr. ${n}`;

/** The drafts:list answers the page received, in order (the web shell's socket messages). */
function listAnswers(page: Page): { rows: number; matched: number }[] {
  const answers: { rows: number; matched: number }[] = [];
  const calls = new Set<number>();
  page.on('websocket', (socket: WebSocket) => {
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { id: number; channel: string };
      if (message.channel === 'drafts:list') calls.add(message.id);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as {
        id?: number;
        result?: { ok: boolean; value: { rows?: { id: string[] }; matched: number } };
      };
      if (message.id === undefined || !calls.has(message.id) || !message.result?.ok) return;
      const { rows, matched } = message.result.value;
      answers.push({ rows: rows?.id.length ?? -1, matched });
    });
  });
  return answers;
}

test('150 drafts: the first screen first, then every draft, with all the list does', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const dataDir = testInfo.outputPath('data');
  // Draft n was changed on day n: newest first puts Nr. 149 at the top and Nr. 0 at the end.
  for (let n = 0; n < COUNT; n++) {
    const at = new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
    writeDraft(
      dataDir,
      sampleDraft(
        draftId(n),
        { title: titleOf(n), customReference: `REF-${n}`, description: `Text ${n}`, updatedAt: at },
        0,
      ),
    );
  }
  const answers = listAnswers(page);
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    const pane = page.getByRole('region', { name: 'Draft list' });
    const list = pane.getByRole('list', { name: /^\d+ drafts?$/ });
    const rows = list.getByRole('button');
    await expect(rows.first()).toHaveText(new RegExp(`^${titleOf(COUNT - 1)}`));
    await expect(page.getByTestId('drafts-summary')).toHaveText(`${COUNT} drafts`);

    // The first answer held the first screen only, the next every row.
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
    expect(answers[0]).toEqual({ rows: FIRST_ROWS, matched: COUNT });
    expect(answers[1]).toEqual({ rows: COUNT, matched: COUNT });

    // The end of the list is the oldest draft, opened with the whole of it.
    await rows.first().click();
    await page.keyboard.press('End');
    await expect(list.getByRole('button', { name: new RegExp(`^${titleOf(0)}`) })).toBeFocused();
    await expect(page.getByLabel('Description')).toHaveValue('Text 0');

    // Select all picks every draft, not only those on screen.
    await page.keyboard.press('Control+a');
    await expect(pane.getByText(`${COUNT} selected`)).toBeVisible();

    // A change saved elsewhere (as an import or another window would) reaches its row.
    const draft = await call(page, 'drafts:get', { id: draftId(42) });
    await call(page, 'drafts:save', {
      draft: { ...draftFieldsOf(draft as Draft), title: 'Umbenannt', customReference: 'NEU-42' },
    });
    await pane.getByRole('searchbox', { name: 'Search title or reference' }).fill('neu-42');
    await expect(rows).toHaveText([/^Umbenannt/]);
    await expect(page.getByTestId('drafts-summary')).toHaveText(`1 of ${COUNT} drafts shown`);
  } finally {
    await stopShell(child);
  }
});
