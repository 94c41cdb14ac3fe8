// The shop categories of a feed's source that no mapping serves (issue 34.4), for `categories
// unmapped --feed NAME`: the feeds room reads the source as a run would and names them, each once
// with the catalog's guesses (`FeedsService.unmapped`, built beside this command).
import type { FeedUnmappedCategory } from '../../../shared/domain/feeds';
import { AppError } from '../../errors/app-error';
import { wordsIn } from '../../i18n';
import { feedNamed } from '../feeds';
import { ExitWith, type Session } from '../session';
import { EXIT } from '../words';

/** One shop category of the feed's source without a mapping: how many rows carry it, the guesses. */
export type FeedUnmapped = FeedUnmappedCategory;

/** The feed named (exit 2 naming the feeds when there is none) and its unmapped shop categories. */
export async function feedUnmapped(
  session: Session,
  name: string,
): Promise<{ name: string; source: string; unmapped: FeedUnmapped[] }> {
  const t = wordsIn(session.language, 'cli');
  const feed = await feedNamed(session, name);
  const source = feed.source.kind === 'file' ? feed.source.path : feed.source.url;
  try {
    return { name: feed.name, source, unmapped: await session.app.feeds.unmapped(feed.id) };
  } catch (error) {
    // The source cannot be read (gone, refused, not a table): said as `feed add` says it.
    if (error instanceof AppError && error.code !== 'internal')
      throw new ExitWith(EXIT.usage, t('feed.cannotRead', { file: source, why: error.message }));
    throw error;
  }
}
