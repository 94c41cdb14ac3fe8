// What the editor suggests: categories and attribute keys and values the seller used before, kept
// in `suggestions.json` (a small file updated as drafts are saved, so 10,000 drafts are never read
// for it), merged with what the account's live listings use.
import path from 'node:path';
import { z } from 'zod';
import { isCategoryPath } from '../../shared/domain/drafts';
import type { DraftSuggestions } from '../../shared/ipc/types';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';

/** What a new seller is offered before any history exists (the starting set). */
export const STARTING_ATTRIBUTES: Record<string, string[]> = {
  art: [],
  condition: ['like_new'],
  versand: ['ja'],
};

const LIMITS = { categories: 500, keys: 200, valuesPerKey: 50, length: 200 };

// Each entry maps to when it was last used (ISO 8601): suggestions come most recent first.
const fileSchema = z.object({
  categories: z.record(z.string(), z.string()),
  attributes: z.record(z.string(), z.record(z.string(), z.string())),
});
type SuggestionsFile = z.infer<typeof fileSchema>;

export interface SuggestionSource {
  category: string;
  attributes: Record<string, string>;
}

export interface SuggestionsBook {
  /** Remembers what a saved draft uses. */
  note(source: SuggestionSource): void;
  /** History first (most recent first), then what `extra` (the account's listings) adds. */
  read(extra?: readonly SuggestionSource[]): DraftSuggestions;
  /** Writes pending changes; call on quit. */
  flush(): Promise<void>;
}

function byRecency(entries: Record<string, string>): string[] {
  return Object.entries(entries)
    .sort(([a, at], [b, bt]) => (at < bt ? 1 : at > bt ? -1 : a < b ? -1 : 1))
    .map(([name]) => name);
}

// Keeps the newest `max` entries, so the file stays small however long the seller works.
function trim(entries: Record<string, string>, max: number): Record<string, string> {
  const kept = byRecency(entries).slice(0, max);
  return Object.fromEntries(kept.map((name) => [name, entries[name] as string]));
}

function usable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.length <= LIMITS.length;
}

/** Opens the suggestions of the data folder; an unreadable file is moved aside and begins afresh. */
export async function openSuggestions(
  dataDir: string,
  options: { log: { error(message: string, error?: unknown): void }; now?: () => Date; delayMs?: number },
): Promise<SuggestionsBook> {
  const file = path.join(dataDir, 'suggestions.json');
  const now = options.now ?? (() => new Date());
  const read = await readJsonFile(file, (value) => fileSchema.parse(value));
  if (read.state === 'unreadable')
    options.log.error(`suggestions.json did not parse; moved aside to ${read.movedAside}`);
  const data: SuggestionsFile = read.state === 'ok' ? read.value : { categories: {}, attributes: {} };
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!dirty) return writing;
    dirty = false;
    const text = JSON.stringify(data);
    writing = writing
      .then(() => writeFileAtomic(file, text))
      // Suggestions are a convenience: losing them must never stop a save.
      .catch((error: unknown) => options.log.error('Could not write suggestions.json', error));
    return writing;
  };

  return {
    note({ category, attributes }) {
      const at = now().toISOString();
      const trimmedCategory = category.trim();
      // A word typed half-way ("Mö") and saved by the autosave is no category to offer again.
      if (usable(trimmedCategory) && isCategoryPath(trimmedCategory)) {
        data.categories[trimmedCategory] = at;
        data.categories = trim(data.categories, LIMITS.categories);
      }
      for (const [rawKey, rawValue] of Object.entries(attributes)) {
        const key = rawKey.trim();
        if (!usable(key)) continue;
        const values = (data.attributes[key] ??= {});
        if (usable(rawValue)) {
          values[rawValue.trim()] = at;
          data.attributes[key] = trim(values, LIMITS.valuesPerKey);
        }
      }
      // A key's last use is its newest value's; keys past the limit go, oldest first.
      const keyTimes = Object.fromEntries(
        Object.entries(data.attributes).map(([key, values]) => [
          key,
          Object.values(values).sort().at(-1) ?? '',
        ]),
      );
      const kept = new Set(Object.keys(trim(keyTimes, LIMITS.keys)));
      for (const key of Object.keys(data.attributes)) if (!kept.has(key)) delete data.attributes[key];
      dirty = true;
      timer ??= setTimeout(() => void write(), options.delayMs ?? 1000);
      timer.unref?.();
    },

    read(extra = []) {
      // Also hides what a file written before issue 33.8 kept of half-typed words.
      const categories = byRecency(data.categories).filter(isCategoryPath);
      const attributes: Record<string, string[]> = {};
      for (const [key, values] of Object.entries(data.attributes)) attributes[key] = byRecency(values);
      for (const [key, values] of Object.entries(STARTING_ATTRIBUTES)) {
        attributes[key] = [...new Set([...(attributes[key] ?? []), ...values])];
      }
      const seenCategories = new Set(categories);
      for (const source of extra) {
        const category = source.category.trim();
        // As the service has it (it may read back one segment): no half-typed word of the seller.
        if (usable(category) && !seenCategories.has(category)) {
          seenCategories.add(category);
          categories.push(category);
        }
        for (const [key, value] of Object.entries(source.attributes ?? {})) {
          if (!usable(key)) continue;
          const list = (attributes[key] ??= []);
          if (usable(value) && !list.includes(value.trim())) list.push(value.trim());
        }
      }
      return { categories, attributes };
    },

    flush: write,
  };
}
