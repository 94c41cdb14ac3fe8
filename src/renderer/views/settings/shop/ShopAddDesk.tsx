import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopAddDeskView } from '../../../../shared/ipc/contract-shop';
import { ShopAddDeskForm } from './ShopAddDeskForm';
import { ShopAddDeskResult } from './ShopAddDeskResult';

/**
 * Settings → Shop's "Add a desk" (issue 32.4), before joining and after: the offer, the form, and
 * the login made. `ownerUrl` starts the form (the address the set-up just used, if any).
 */
export function ShopAddDesk({ ownerUrl = '' }: { ownerUrl?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(0);
  const [made, setMade] = useState<ShopAddDeskView>();
  // The next form starts at the owner's address the last one used.
  const [lastUrl, setLastUrl] = useState(ownerUrl);
  if (made)
    return (
      <ShopAddDeskResult
        made={made}
        onDone={() => setMade(undefined)}
        onAnother={() => {
          setMade(undefined);
          setOpen((n) => n + 1);
        }}
      />
    );
  if (open > 0)
    return (
      <ShopAddDeskForm
        key={open}
        startUrl={lastUrl}
        onMade={(view, used) => {
          setLastUrl(used);
          setOpen(0);
          setMade(view);
        }}
        onCancel={() => setOpen(0)}
      />
    );
  return (
    <div className="shop-setup-offer" data-testid="shop-add-desk-offer">
      <h3>{t('shop.addDesk.title')}</h3>
      <p className="hint">{t('shop.addDesk.offer')}</p>
      <button type="button" onClick={() => setOpen(1)}>
        {t('shop.addDesk.open')}
      </button>
    </div>
  );
}
