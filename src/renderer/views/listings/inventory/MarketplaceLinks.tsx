import { useTranslation } from 'react-i18next';
import { marketplaceLink } from '../../../../shared/domain/live';
import type { PublicationStateView } from '../../../../shared/ipc/types';

/**
 * "Open on the marketplace" for each publication with an ad id, when the account has an address
 * pattern. A plain link in a new window: Electron's window-open handler sends it to the browser
 * (shells/electron/security.ts, after its own URL check); the web shell opens a tab.
 */
export function MarketplaceLinks({
  pattern,
  publications,
  title,
}: {
  pattern: string | undefined;
  publications: readonly PublicationStateView[];
  title: string;
}) {
  const { t } = useTranslation();
  const links = publications.flatMap((p) => {
    const href = marketplaceLink(pattern, p.adId);
    return href ? [{ href, adId: p.adId }] : [];
  });
  return (
    <>
      {links.map((link) => (
        <a
          key={link.href}
          className="marketplace-link"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('inventory.openOnMarketplaceNamed', { title, adId: link.adId })}
          title={t('inventory.openOnMarketplace')}
          data-testid="marketplace-link"
        >
          {/* Short on the row, where every pixel is the title's; the full words are the link's name. */}
          {t('inventory.marketplaceShort')}
          <span aria-hidden="true"> ↗</span>
        </a>
      ))}
    </>
  );
}
