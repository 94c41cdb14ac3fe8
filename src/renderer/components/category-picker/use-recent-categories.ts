// The categories the seller used recently (main's suggestions), for a picker shown now.
import { useEffect, useState } from 'react';
import { call } from '../../ipc/client';

/** The recent categories, asked for while `wanted`; empty until they come (or when the call fails). */
export function useRecentCategories(wanted: boolean): string[] {
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    call('drafts:suggestions')
      .then((suggestions) => live && setRecent(suggestions.categories))
      // Only the recent ones are missing then; the picker works without them.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return recent;
}
