// Runs `categories …` without the back end: the catalog opened alone on the data folder (a newer
// file there wins), in the language of the data folder's settings where it has them. Nothing is
// written, so no lock is taken and the app may stay open.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openCatalog } from '../../catalog';
import { languageSchema } from '../../../shared/ipc/contract';
import { resolveLanguage, type UiLanguage } from '../../../shared/i18n-language';
import { UsageError, type CliArgs } from '../args';
import type { Output } from '../session';
import { categoriesSearchCommand, categoriesShowCommand } from './categories';

/**
 * The language the data folder's settings chose, else the system's. Read from the file itself: the
 * settings store would write its defaults into a folder the app may have open.
 */
function languageOf(dataDir: string, locale: string, fallback: UiLanguage): UiLanguage {
  try {
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8')) as {
      language?: unknown;
    };
    return resolveLanguage(languageSchema.catch('system').parse(stored.language), locale);
  } catch {
    return fallback;
  }
}

/** `categories search|show`; `verbose` writes the catalog's log lines (a file not used, and why) to stderr. */
export async function categoriesCommand(
  output: Output,
  args: CliArgs,
  dataDir: string,
  locale: string,
  fallback: UiLanguage,
): Promise<number> {
  const language = languageOf(dataDir, locale, fallback);
  const say = (message: string, fields?: object) =>
    args.verbose && output.err(`${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  const catalog = await openCatalog({ dataDir, language: () => language, log: { warn: say, info: say } });
  const text = args.operands[0]!;
  switch (args.categoryAction) {
    case 'search':
      return categoriesSearchCommand(output, language, catalog, text, args.json);
    case 'show':
      return categoriesShowCommand(output, language, catalog, text, args.json);
  }
  throw new UsageError({ problem: 'categories-what' });
}
