import { useTranslation } from 'react-i18next';
import type { ShopAddDeskView } from '../../../../shared/ipc/contract-shop';

/**
 * The desk login "Add a desk" made, and what to type on that desk. A password main made is shown
 * here once: it lives in this component's props only and goes with "Done".
 */
export function ShopAddDeskResult({
  made,
  onDone,
  onAnother,
}: {
  made: ShopAddDeskView;
  onDone(): void;
  onAnother(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="shop-setup-result" role="status" data-testid="shop-add-desk-result">
      <p className="test-result ok">{t('shop.addDesk.made', { name: made.name, role: made.role })}</p>
      <p>{t('shop.addDesk.onThatDesk')}</p>
      {/* The labels of "Join a shop", as that desk shows them. */}
      <dl className="shop-facts">
        <dt>{t('shop.url')}</dt>
        <dd>
          <code data-testid="shop-add-desk-url">{made.url}</code>
        </dd>
        <dt>{t('shop.password')}</dt>
        <dd>
          {made.password ? (
            <code className="shop-password" data-testid="shop-add-desk-password">
              {made.password}
            </code>
          ) : (
            t('shop.addDesk.passwordTypedValue')
          )}
        </dd>
        <dt>{t('shop.deskName')}</dt>
        <dd>{t('shop.addDesk.deskNameValue')}</dd>
      </dl>
      {made.password && <p className="hint">{t('shop.addDesk.passwordOnce')}</p>}
      <div className="actions">
        <button type="button" onClick={onAnother}>
          {t('shop.addDesk.another')}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          {t('shop.addDesk.done')}
        </button>
      </div>
    </div>
  );
}
