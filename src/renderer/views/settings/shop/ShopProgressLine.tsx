import { useTranslation } from 'react-i18next';
import { useShopStore } from '../../../store/shop-store';

/** A join's exchange of data as it goes: what is sent, then what is received (issue 24.2). */
export function ShopProgressLine() {
  const { t } = useTranslation();
  const progress = useShopStore((s) => s.progress);
  if (!progress) return null;
  const finished = progress.phase === 'receiving' && progress.done === progress.total;
  return (
    <div className="shop-progress" role="status" data-testid="shop-progress">
      <p className={finished ? 'test-result ok' : 'test-result'}>
        {finished
          ? t('shop.exchanged')
          : t(`shop.progress.${progress.phase}`, { done: progress.done, total: progress.total })}
      </p>
      {!finished && (
        <progress
          max={Math.max(progress.total, 1)}
          value={progress.done}
          aria-label={t(`shop.progress.${progress.phase}`, { done: progress.done, total: progress.total })}
        />
      )}
    </div>
  );
}
