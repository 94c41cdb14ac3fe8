// The parts that views load from within (some of those views are parts themselves, see parts.ts):
// declared apart from the views' parts, so that a view inside a chunk imports only what it loads,
// never the file that loads it. None of these loads a part itself. Each `import()` is a chunk.
import { lazyPart } from './lazy-part';
import { withWords } from './with-words';

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
