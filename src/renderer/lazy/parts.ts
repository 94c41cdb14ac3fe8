// The parts of the UI that load on demand: each `import()` here is a chunk of its own.
import { laterWordsOfShownLanguage } from '../i18n';
import { lazyPart } from './lazy-part';

/** `load`, with the later words of the language shown, which the parts use: none renders without them. */
const withWords =
  <M>(load: () => Promise<M>) =>
  async (): Promise<M> =>
    (await Promise.all([load(), laterWordsOfShownLanguage()]))[0];

export const ListingsView = lazyPart(
  withWords(() => import('../views/listings/ListingsView')),
  (m) => m.ListingsView,
);
export const PublishingView = lazyPart(
  withWords(() => import('../views/publishing/PublishingView')),
  (m) => m.PublishingView,
);
export const FeedsView = lazyPart(
  withWords(() => import('../views/feeds/FeedsView')),
  (m) => m.FeedsView,
);
export const SettingsView = lazyPart(
  withWords(() => import('../views/SettingsView')),
  (m) => m.SettingsView,
);
export const DraftEditor = lazyPart(
  withWords(() => import('../views/drafts/DraftEditor')),
  (m) => m.DraftEditor,
);
export const ImportWizard = lazyPart(
  withWords(() => import('../views/import/ImportWizard')),
  (m) => m.ImportWizard,
);
export const BulkEditDialog = lazyPart(
  withWords(() => import('../views/bulk/BulkEditDialog')),
  (m) => m.BulkEditDialog,
);

export const ImprintDialog = lazyPart(
  withWords(() => import('../views/imprint/ImprintDialog')),
  (m) => m.ImprintDialog,
);
export const TemplatePriceRule = lazyPart(
  withWords(() => import('../views/price-rules/TemplatePriceRule')),
  (m) => m.TemplatePriceRule,
);
export const FailedReason = lazyPart(
  withWords(() => import('../views/publishing/FailedReason')),
  (m) => m.FailedReason,
);

const all = [
  ListingsView,
  PublishingView,
  FeedsView,
  SettingsView,
  DraftEditor,
  ImportWizard,
  BulkEditDialog,
  ImprintDialog,
  TemplatePriceRule,
  FailedReason,
];

/**
 * Fetches every part's chunk (and the later words) once the first view is on screen and the renderer is idle, so that a
 * later click finds its code already there. A part that fails here loads again when it is shown.
 */
export function preloadPartsWhenIdle(): void {
  const run = () => {
    for (const part of all) void part.preload().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
}
