// A new draft is not a page of errors (issue 26.7): an empty field says it is required only once
// the seller typed in it or left it, or tried to publish; a value typed wrong is said at once; the
// summary above the form says all along what is still missing.
import { expect, test } from './fixtures';

test('field problems show once a field is touched or Publish is pressed; the summary always says what is missing', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'New draft' }).click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  await expect(editor.getByRole('heading', { name: 'Untitled draft' })).toBeVisible();

  const summary = editor.getByTestId('editor-summary');
  await expect(summary).toContainText(/\d+ things to fix before publishing/);
  await expect(summary.getByRole('button', { name: 'Title', exact: true })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Description', exact: true })).toBeVisible();
  // Nothing typed yet: no field is red.
  await expect(editor.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(editor.locator('.field-error')).toHaveCount(0);

  // Left empty: the title says so; the others still do not.
  const title = editor.getByLabel('Title', { exact: true });
  await title.focus();
  await editor.getByLabel('Category', { exact: true }).focus();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('This field is required.');
  await expect(editor.locator('[aria-invalid="true"]')).toHaveCount(1);

  // A wrong value is said while typing.
  const email = editor.getByLabel('E-mail', { exact: true });
  await email.fill('name@');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Enter a complete e-mail address/);

  // Publish with things missing: every problem shows, and focus goes to the summary.
  // The button stays focusable while not ready (aria-disabled), so that pressing it can explain.
  const publish = editor.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toHaveAttribute('aria-disabled', 'true');
  await publish.focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByLabel('Description', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText('Add at least one photo.')).toBeVisible();
  await expect(summary.getByRole('button').first()).toBeFocused();
  const shown = await editor.locator('[aria-invalid="true"]').count();
  expect(shown).toBeGreaterThan(3);
});
