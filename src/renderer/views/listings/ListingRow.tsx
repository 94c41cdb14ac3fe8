import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingView, PublicationStateView } from '../../../shared/ipc/types';
import { categoryLeaf, listingPrice } from './format';
import { MarketplaceLinks } from './inventory/MarketplaceLinks';
import { PublicationStates } from './inventory/PublicationStates';

interface Props {
  listing: ListingView;
  publications: readonly PublicationStateView[];
  /** The states come from this app's publish jobs (the service has no read of them). */
  fromJobs: boolean;
  selected: boolean;
  ticked: boolean;
  /** The account's marketplace address pattern ('' or absent: no link). */
  pattern: string | undefined;
  onOpen(uuid: string): void;
  onTick(uuid: string, range: boolean): void;
}

/** One listing: a tick box, then first photo, title, category, its ads' states, price and photo count. */
export const ListingRow = memo(function ListingRow({
  listing,
  publications,
  fromJobs,
  selected,
  ticked,
  pattern,
  onOpen,
  onTick,
}: Props) {
  const { t, i18n } = useTranslation();
  const photo = listing.urls[0];
  const title = listing.title.trim() || listing.uuid;
  return (
    <div className="listing-row" aria-current={selected ? 'true' : undefined} data-testid="listing-row">
      <input
        type="checkbox"
        className="listing-tick"
        checked={ticked}
        aria-label={t('inventory.tick', { title })}
        // Shift-click ticks the range; the change itself is taken here, where the key is known.
        onClick={(event: MouseEvent<HTMLInputElement>) => onTick(listing.uuid, event.shiftKey)}
        onChange={() => undefined}
      />
      <button
        type="button"
        className="listing-open"
        data-uuid={listing.uuid}
        onClick={() => onOpen(listing.uuid)}
      >
        <span className="thumb">
          {photo ? (
            <img src={photo} alt="" loading="lazy" decoding="async" />
          ) : (
            <span className="no-photo" aria-hidden="true" />
          )}
        </span>
        <span className="listing-main">
          <span className="listing-title">{listing.title}</span>
          <span className="listing-states">
            <span className="muted small" title={listing.category}>
              {categoryLeaf(listing.category)}
            </span>
            <PublicationStates publications={publications} fromJobs={fromJobs} />
          </span>
        </span>
        <span className="listing-side">
          <span className="price">{listingPrice(listing.adPrice.amount, i18n.language)}</span>
          <span className="muted small">{t('listings.photos', { count: listing.urls.length })}</span>
        </span>
      </button>
      <span className="listing-links">
        <MarketplaceLinks pattern={pattern} publications={publications} title={title} />
      </span>
    </div>
  );
});
