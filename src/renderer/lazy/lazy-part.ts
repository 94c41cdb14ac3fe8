// A part of the UI whose code loads on demand (React.lazy), with a way to fetch it ahead of need.
// The entry holds only the frame and the Drafts list; every other view, the editor, the wizards and
// the heavy dialogs are chunks of their own (bench/renderer/size.ts prints the figures).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded component, and `preload()` to fetch its chunk now (idle time, hover...). */
export type LazyPart<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload(): Promise<unknown>;
};

/**
 * `load` imports the module (a literal `import('...')`, so the bundler makes it a chunk) and `pick`
 * names the component in it. A failed load is retried on the next render instead of being cached,
 * so a view that could not load (a broken file, a busy disk) comes back with its boundary's Reload.
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPart<P> {
  let loading: Promise<M> | undefined;
  const fetchOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const part = lazy(async () => ({ default: pick(await fetchOnce()) })) as LazyPart<P>;
  part.preload = fetchOnce;
  return part;
}
