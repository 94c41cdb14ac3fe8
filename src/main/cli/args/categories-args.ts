// The rest of `categories ACTION …` (issues 33.7, 34.4), parsed without side effects: search's
// WORDS, show's PATH, map's SHOP CATEGORY, PATH and --attr KEY=VALUE, unmap's SHOP CATEGORY,
// unmapped's --feed NAME.
import { categoryActions, type CategoryAction } from './command-words';
import { UsageError } from './usage';

interface CategoriesValues {
  json?: boolean;
  attr?: string[];
  feed?: string;
}

/** What `categories` was asked; throws UsageError. */
export function categoriesArgs(
  operands: string[],
  values: CategoriesValues,
): {
  categoryAction: CategoryAction;
  operands: string[];
  mapAttributes?: Record<string, string>;
  feed?: string;
} {
  const [word, ...rest] = operands;
  if (!(categoryActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'categories-what' });
  const action = word as CategoryAction;
  const refuse = (flag: string, given: boolean) => {
    if (given) throw new UsageError({ problem: 'not-with-categories', flag, action });
  };
  refuse('--json', values.json === true && (action === 'map' || action === 'unmap'));
  refuse('--attr', (values.attr?.length ?? 0) > 0 && action !== 'map');
  refuse('--feed', values.feed !== undefined && action !== 'unmapped');
  // Words may come quoted as one or as several: they are one query.
  const text = rest.join(' ').trim();
  switch (action) {
    case 'search':
      if (text === '') throw new UsageError({ problem: 'categories-words' });
      return { categoryAction: action, operands: [text] };
    case 'show':
      if (rest.length !== 1 || text === '') throw new UsageError({ problem: 'categories-path' });
      return { categoryAction: action, operands: [text] };
    case 'map': {
      // The shop category holds spaces (`Möbel > Tische`): quoted, it is one operand.
      if (rest.length !== 2 || rest.some((operand) => operand.trim() === ''))
        throw new UsageError({ problem: 'categories-map' });
      const mapAttributes: Record<string, string> = {};
      for (const given of values.attr ?? []) {
        const at = given.indexOf('=');
        const key = at < 0 ? '' : given.slice(0, at).trim();
        const value = at < 0 ? '' : given.slice(at + 1).trim();
        if (key === '' || value === '') throw new UsageError({ problem: 'categories-attr', value: given });
        mapAttributes[key] = value;
      }
      return {
        categoryAction: action,
        operands: [rest[0]!.trim(), rest[1]!.trim()],
        mapAttributes,
      };
    }
    case 'unmap':
      if (rest.length !== 1 || text === '') throw new UsageError({ problem: 'categories-shop' });
      return { categoryAction: action, operands: [text] };
    case 'mappings':
      if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'categories' });
      return { categoryAction: action, operands: [] };
    case 'unmapped':
      if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'categories' });
      if (values.feed !== undefined && values.feed.trim() === '')
        throw new UsageError({ problem: 'categories-feed' });
      return {
        categoryAction: action,
        operands: [],
        ...(values.feed !== undefined && { feed: values.feed.trim() }),
      };
  }
}
