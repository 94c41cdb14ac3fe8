import type { ProblemsBook } from '../../storage/problems';
import type { Handlers } from '../router';

/** Handlers of the problems channels: files that did not parse, until the seller dismisses them. */
export function problemsHandlers(book: ProblemsBook): Pick<Handlers, 'app:problems' | 'app:dismiss-problem'> {
  return {
    'app:problems': () => ({ problems: book.list() }),
    'app:dismiss-problem': async ({ id }) => ({ problems: await book.dismiss(id) }),
  };
}
