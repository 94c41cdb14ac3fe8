// A `shop join` that was refused (wrong password, host out of reach, not a Listing Desk database)
// on a data folder it made itself leaves nothing behind: a desk that never joined is no desk, and
// an empty folder would make the next `status` look like a working one. A folder that was there
// before is never touched.
import { wordsIn } from '../../i18n';
import { readMembership } from '../../shop';
import type { UiLanguage } from '../../../shared/i18n-language';
import { removeMadeFolder, type DataFolderOutcome, type Output } from '../session';

/** After `shop join`: when it made the data folder and did not join, removes the folder and says so. */
export async function undoRefusedJoin(
  folder: DataFolderOutcome,
  dataDir: string,
  output: Output,
  language: UiLanguage,
): Promise<void> {
  if (folder === 'existing') return;
  if ((await readMembership(dataDir)).membership) return;
  const t = wordsIn(language, 'cli');
  try {
    removeMadeFolder(folder);
    output.err(t('shop.joinNothingKept', { dir: folder.made }));
  } catch (error) {
    output.err(t('shop.joinFolderLeft', { dir: folder.made, why: String(error) }));
  }
}
