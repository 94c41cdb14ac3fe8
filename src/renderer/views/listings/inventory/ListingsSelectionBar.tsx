import { useTranslation } from 'react-i18next';
import { useListingsStore } from '../../../store/listings-store';
import { BulkLifecycleActions } from '../lifecycle/BulkLifecycle';
import { ChangeButton } from '../../bulk/ChangeButton';
import { BulkJobsBanner } from '../../bulk/BulkJobsBanner';

/**
 * The bar over the list while listings are ticked: how many, and a way to untick them. Bulk actions
 * (delete, pause, resume) go in `.selection-actions` and read `useListingsStore` `selectedUuids`.
 */
export function ListingsSelectionBar() {
  const { t } = useTranslation();
  const count = useListingsStore((s) => s.selectedUuids.size);
  const selected = useListingsStore((s) => s.selectedUuids);
  // Issue 17.4: bulk jobs of live ads show above the list whether or not ads are ticked.
  if (count === 0) return <BulkJobsBanner />;
  return (
    <>
      <BulkJobsBanner />
      <div className="listings-selection-bar" role="region" aria-label={t('inventory.selectionLabel')}>
        <span role="status" data-testid="listings-selected-count">
          {t('inventory.selected', { count })}
        </span>
        <div className="selection-actions">
          <ChangeButton target="listings" ids={[...selected]} />
          <BulkLifecycleActions />
        </div>
        <button type="button" onClick={() => useListingsStore.getState().setSelection([])}>
          {t('inventory.clearSelection')}
        </button>
      </div>
    </>
  );
}
