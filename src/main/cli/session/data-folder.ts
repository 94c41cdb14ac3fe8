// The data folder a command works in. Commands that set a desk up (import, accounts add, later
// shop join) start in a folder that does not exist yet as the app's first start does: the folder
// is made here, and createApp fills it. Every other command refuses a missing folder, because a
// mistyped one would otherwise become a new, empty desk and "nothing to publish" a success.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { UsageError } from '../args';

/** How the command found its data folder: there already, or made (`made`: the topmost folder made). */
export type DataFolderOutcome = 'existing' | { made: string };

/**
 * Makes sure `dir` is a data folder the command can open: an existing folder, or a new one when
 * `mayCreate` (what the app's first start does before createApp); throws UsageError otherwise.
 */
export function prepareDataFolder(dir: string, mayCreate: boolean): DataFolderOutcome {
  const found = statSync(dir, { throwIfNoEntry: false });
  if (found?.isDirectory()) return 'existing';
  if (found || !mayCreate) throw new UsageError({ problem: 'data-dir-missing', dir });
  try {
    // Undefined when another process made it first: then it was not this command's.
    const made = mkdirSync(dir, { recursive: true });
    return made === undefined ? 'existing' : { made };
  } catch (error) {
    throw new UsageError({
      problem: 'data-dir-create',
      dir,
      why: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Removes the folder `prepareDataFolder` made (never one that was there before), with what is in it. */
export function removeMadeFolder(outcome: DataFolderOutcome): void {
  if (outcome !== 'existing') rmSync(outcome.made, { recursive: true, force: true });
}
