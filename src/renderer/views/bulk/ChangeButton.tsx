import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkStore, type BulkTarget } from '../../store/bulk-store';
// The dialog (its form, preview and the edit's rules) loads on demand: see src/renderer/lazy.
import { BulkEditDialog } from '../../lazy/inner-parts';

/** "Change…" in a selection bar: opens the bulk edit of the ticked drafts or live ads. */
export function ChangeButton({ target, ids }: { target: BulkTarget; ids: string[] }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const open = useBulkStore((s) => s.dialog?.target === target);
  return (
    <>
      <button
        type="button"
        ref={button}
        title={t('bulk.changeLabel')}
        data-testid={`bulk-change-${target}`}
        onClick={() => useBulkStore.getState().open(target, ids)}
        onPointerEnter={() => void BulkEditDialog.preload().catch(() => undefined)}
        onFocus={() => void BulkEditDialog.preload().catch(() => undefined)}
      >
        {t('bulk.change')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BulkEditDialog onClosed={() => requestAnimationFrame(() => button.current?.focus())} />
        </Suspense>
      )}
    </>
  );
}
