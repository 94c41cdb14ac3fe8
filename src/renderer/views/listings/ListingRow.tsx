import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingView } from '../../../shared/ipc/types';
import { categoryLeaf, formatPrice } from './format';

interface Props {
  listing: ListingView;
  selected: boolean;
  onOpen(uuid: string): void;
}

/** One listing in the list: first photo, title, price, category and photo count. */
export const ListingRow = memo(function ListingRow({ listing, selected, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const photo = listing.urls[0];
  return (
    <button
      type="button"
      className="listing-row"
      aria-current={selected ? 'true' : undefined}
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
        <span className="muted small" title={listing.category}>
          {categoryLeaf(listing.category)}
        </span>
      </span>
      <span className="listing-side">
        <span className="price">{formatPrice(listing.adPrice.amount, i18n.language)}</span>
        <span className="muted small">{t('listings.photos', { count: listing.urls.length })}</span>
      </span>
    </button>
  );
});
