import { useTranslation } from 'react-i18next';
import { useListingsStore } from '../../../store/listings-store';
import { BulkLifecycleActions } from '../lifecycle/BulkLifecycle';

/**
 * The bar over the list while listings are ticked: how many, and a way to untick them. Bulk actions
 * (delete, pause, resume) go in `.selection-actions` and read `useListingsStore` `selectedUuids`.
 */
export function ListingsSelectionBar() {
  const { t } = useTranslation();
  const count = useListingsStore((s) => s.selectedUuids.size);
  if (count === 0) return null;
  return (
    <div className="listings-selection-bar" role="region" aria-label={t('inventory.selectionLabel')}>
      <span role="status" data-testid="listings-selected-count">
        {t('inventory.selected', { count })}
      </span>
      <div className="selection-actions">
        <BulkLifecycleActions />
      </div>
      <button type="button" onClick={() => useListingsStore.getState().setSelection([])}>
        {t('inventory.clearSelection')}
      </button>
    </div>
  );
}
