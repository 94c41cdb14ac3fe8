// The views that load on demand, and the fetch of every part ahead of need: each `import()` here is
// a chunk of its own. The parts views load from within are in inner-parts.ts.
import { BulkEditDialog, FailedReason, ImprintDialog, TemplatePriceRule } from './inner-parts';
import { lazyPart } from './lazy-part';
import { withWords } from './with-words';

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
export const ApprovalsView = lazyPart(
  withWords(() => import('../views/approvals/ApprovalsView')),
  (m) => m.ApprovalsView,
);
export const ActivityView = lazyPart(
  withWords(() => import('../views/activity/ActivityView')),
  (m) => m.ActivityView,
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

const all = [
  ListingsView,
  PublishingView,
  FeedsView,
  ApprovalsView,
  ActivityView,
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
