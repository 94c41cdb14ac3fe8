// A shop's category mappings in the window (issue 34): read when first shown, read again at every
// change (this desk's, another desk's of the shop), and changed through main.
import { create } from 'zustand';
import type { CategoryMapping, CategoryMappings } from '../../shared/domain/catalog';
import { call, subscribe } from '../ipc/client';
import { useAppStore } from './app-store';

interface CategoryMappingsState {
  /** Undefined until first read. */
  mappings: CategoryMappings | undefined;
  /** Why the last read failed (main's words), until the next read. */
  failure: string | null;
  /** Reads them when not read yet (and follows their changes from then on). */
  ensure(): Promise<void>;
  /** Maps a shop category; resolves with the mapping, or null when main refused (reported). */
  map(input: {
    shopCategory: string;
    path: string;
    attributes?: Record<string, string>;
  }): Promise<CategoryMapping | null>;
  unmap(shopCategory: string): Promise<boolean>;
  /** Saves and confirms the condition words. */
  setConditionWords(words: Record<string, string>): Promise<boolean>;
}

let following = false;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useCategoryMappingsStore = create<CategoryMappingsState>((set, get) => {
  const read = async () => {
    try {
      set({ mappings: await call('categories:mappings'), failure: null });
    } catch (error) {
      set({ failure: messageOf(error) });
    }
  };
  const report = (error: unknown) => useAppStore.getState().reportError(error);
  return {
    mappings: undefined,
    failure: null,
    async ensure() {
      if (!following) {
        following = true;
        subscribe('categories:changed', () => void read());
      }
      if (get().mappings === undefined) await read();
    },
    async map(input) {
      try {
        const mapping = await call('categories:map', input);
        await read();
        return mapping;
      } catch (error) {
        report(error);
        return null;
      }
    },
    async unmap(shopCategory) {
      try {
        const { done } = await call('categories:unmap', { shopCategory });
        await read();
        return done;
      } catch (error) {
        report(error);
        return false;
      }
    },
    async setConditionWords(words) {
      try {
        set({ mappings: await call('categories:condition-words', { words }) });
        return true;
      } catch (error) {
        report(error);
        return false;
      }
    },
  };
});
