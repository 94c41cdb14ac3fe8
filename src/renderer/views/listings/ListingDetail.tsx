import { useTranslation } from 'react-i18next';
import { useListingsStore } from '../../store/listings-store';
import { formatPrice } from './format';

/** The detail pane: every field of the open listing and its photos in display order. */
export function ListingDetail() {
  const { t, i18n } = useTranslation();
  const detail = useListingsStore((s) => s.detail);
  if (!detail) {
    return <p className="muted detail-empty">{t('listings.pickOne')}</p>;
  }
  const listing = detail.listing;
  return (
    <article className="listing-detail" aria-labelledby="listing-detail-title" aria-busy={detail.loading}>
      {detail.error && (
        <p className="banner warning" role="alert">
          {t('listings.detailFailed', { message: detail.error })}
        </p>
      )}
      {listing && (
        <>
          <h2 id="listing-detail-title">{listing.title}</h2>
          <p className="price big">
            {formatPrice(listing.adPrice.amount, i18n.language)}{' '}
            <span className="muted small">{listing.adPrice.type}</span>
          </p>
          <ol className="photos" aria-label={t('listings.photosInOrder')}>
            {listing.urls.map((url, index) => (
              <li key={url}>
                <img src={url} alt={t('listings.photoN', { n: index + 1 })} loading="lazy" />
              </li>
            ))}
          </ol>
          {listing.urls.length === 0 && <p className="muted">{t('listings.noPhotos')}</p>}
          <dl className="facts">
            <dt>{t('listings.category')}</dt>
            <dd>{listing.category}</dd>
            <dt>{t('listings.description')}</dt>
            <dd className="pre">{listing.description}</dd>
            <dt>{t('listings.adType')}</dt>
            <dd>{listing.adType}</dd>
            {Object.entries(listing.attributes).map(([key, value]) => (
              <div key={key} className="fact-pair">
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <dt>{t('listings.email')}</dt>
            <dd>{listing.email}</dd>
            {listing.phoneNumber && (
              <>
                <dt>{t('listings.phone')}</dt>
                <dd>{listing.phoneNumber}</dd>
              </>
            )}
            {listing.contactPerson && (
              <>
                <dt>{t('listings.contact')}</dt>
                <dd>{listing.contactPerson}</dd>
              </>
            )}
            {listing.buyNow != null && (
              <>
                <dt>{t('listings.buyNow')}</dt>
                <dd>{listing.buyNow ? t('common.yes') : t('common.no')}</dd>
              </>
            )}
            {listing.customReference && (
              <>
                <dt>{t('listings.reference')}</dt>
                <dd>{listing.customReference}</dd>
              </>
            )}
            <dt>{t('listings.id')}</dt>
            <dd>
              <code>{listing.uuid}</code>
            </dd>
          </dl>
        </>
      )}
    </article>
  );
}
