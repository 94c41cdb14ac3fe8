// A part of the UI whose code loads on demand (React.lazy), with a way to fetch it ahead of need.
// The entry holds only the frame and the Drafts list; every other view, the editor, the wizards and
// the heavy dialogs are chunks of their own (bench/renderer/size.ts prints the figures).
import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A component whose code loads on first render, and `preload()` to fetch it now (idle time, hover). */
export type LazyPart<P extends object> = FunctionComponent<P> & { preload(): Promise<unknown> };

/**
 * `load` imports the module (a literal `import('...')`, so the bundler makes it a chunk) and `pick`
 * names the component in it. React.lazy keeps a failed load for good; here a failure is forgotten
 * instead, so that the part loads afresh on its next render (its view's Reload) or preload. Once
 * loaded (say by the idle preload), a part mounts at once, without suspending to its fallback.
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPart<P> {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<P> | undefined;
  const fetchOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: pick(await fetchOnce()) };
      } catch (error) {
        current = makeLazy();
        throw error;
      }
    });
  let current = makeLazy();
  const Part: FunctionComponent<P> = (props) => {
    // Chosen once per mount: a part that started lazily stays that component (no remount).
    const [type] = useState<ComponentType<P>>(() => loaded ?? current);
    return createElement(type, props);
  };
  return Object.assign(Part, { preload: fetchOnce });
}
