import { useTranslation } from 'react-i18next';
import type { AdPreview, PreviewLocation } from '../../../shared/domain/drafts';
import { PreviewGallery, type PhotoAddress } from './PreviewGallery';

/** "10115 Berlin – Mitte": postal code and city, then the district (never the street). */
function placeOf(location: PreviewLocation): string {
  const town = [location.postalCode, location.city].filter(Boolean).join(' ');
  return [town, location.district].filter(Boolean).join(' – ');
}

/** The price as buyers read it: the amount and its type in words (given away: the words alone). */
function PriceLine({ price }: { price: AdPreview['price'] }) {
  const { t } = useTranslation();
  if (price.free && price.text === null) return <p className="ad-price">{price.typeLabel}</p>;
  return (
    <p className="ad-price">
      {price.text ?? <span className="ad-price-missing">{t('preview.noPrice')}</span>}{' '}
      <span className="ad-price-type" title={price.type}>
        {price.typeLabel}
      </span>
    </p>
  );
}

/** The seller's box: contact person and phone as buyers see them, and what they do not see. */
function SellerBox({ preview }: { preview: AdPreview }) {
  const { t } = useTranslation();
  const { contactPerson, phoneNumber } = preview.seller;
  return (
    <section className="ad-box" aria-labelledby="ad-seller-title">
      <h4 id="ad-seller-title">{t('preview.seller')}</h4>
      {contactPerson || phoneNumber ? (
        <dl className="ad-facts">
          {contactPerson && (
            <div>
              <dt>{t('preview.contactPerson')}</dt>
              <dd>{contactPerson}</dd>
            </div>
          )}
          {phoneNumber && (
            <div>
              <dt>{t('preview.phone')}</dt>
              <dd>{phoneNumber}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="muted">{t('preview.noContact')}</p>
      )}
      {preview.emailHidden && <p className="ad-seller-note">{t('preview.emailNote')}</p>}
    </section>
  );
}

/** Where the item is: postal code, city, district and radius. */
function LocationBox({ preview }: { preview: AdPreview }) {
  const { t } = useTranslation();
  const { location } = preview;
  const postalOnly = preview.source === 'listing' && location && !location.city && !location.district;
  return (
    <section className="ad-box" aria-labelledby="ad-location-title">
      <h4 id="ad-location-title">{t('preview.location')}</h4>
      {location ? (
        <>
          <p className="ad-place" data-testid="ad-place">
            {placeOf(location)}
          </p>
          {location.radiusKm !== null && (
            <p className="muted">{t('preview.radius', { km: location.radiusKm })}</p>
          )}
          {postalOnly && <p className="ad-seller-note">{t('preview.postalOnly')}</p>}
        </>
      ) : (
        <p className="muted">{t('preview.noLocation')}</p>
      )}
    </section>
  );
}

/** The ad page as the marketplace shows it to buyers: the chrome in the UI's language, the ad as entered. */
export function AdPage({ preview, address }: { preview: AdPreview; address: PhotoAddress }) {
  const { t } = useTranslation();
  return (
    <article className="ad-page" aria-labelledby="ad-page-title">
      {preview.category.length > 0 && (
        <nav className="ad-breadcrumb" aria-label={t('preview.category')}>
          <ol>
            {preview.category.map((segment, n) => (
              <li key={`${n}-${segment}`}>{segment}</li>
            ))}
          </ol>
        </nav>
      )}
      <div className="ad-page-grid">
        <div className="ad-main">
          <PreviewGallery photos={preview.photos} address={address} />
          <header className="ad-head">
            <h3 id="ad-page-title" className={preview.title ? undefined : 'muted'}>
              {preview.title ?? t('preview.untitled')}
            </h3>
            <PriceLine price={preview.price} />
            <p className="ad-tags">
              {preview.adType.wanted && <span className="ad-tag">{t('preview.wanted')}</span>}
              {preview.shipping && <span className="ad-tag">{preview.shipping}</span>}
              {preview.buyNow && <span className="ad-tag">{t('preview.buyNow')}</span>}
            </p>
            {preview.location && <p className="ad-head-place muted">{placeOf(preview.location)}</p>}
          </header>
          <section className="ad-section" aria-labelledby="ad-details-title">
            <h4 id="ad-details-title">{t('preview.details')}</h4>
            <dl className="ad-facts ad-attributes">
              <div>
                <dt>{t('preview.adType')}</dt>
                <dd title={preview.adType.value}>{preview.adType.label}</dd>
              </div>
              {preview.attributes.map((attribute) => (
                <div key={attribute.key}>
                  <dt title={attribute.key}>{attribute.label}</dt>
                  <dd title={attribute.value}>{attribute.valueLabel}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="ad-section" aria-labelledby="ad-description-title">
            <h4 id="ad-description-title">{t('preview.description')}</h4>
            {/* Plain text, never HTML: React escapes it; CSS keeps the seller's line breaks. */}
            {preview.description.trim() ? (
              <p className="ad-description">{preview.description}</p>
            ) : (
              <p className="muted">{t('preview.noDescription')}</p>
            )}
          </section>
        </div>
        <aside className="ad-side">
          <LocationBox preview={preview} />
          <SellerBox preview={preview} />
          {preview.imprint && (
            <section className="ad-box" aria-labelledby="ad-imprint-title">
              <h4 id="ad-imprint-title">{t('preview.imprint')}</h4>
              <p className="ad-imprint">{preview.imprint}</p>
            </section>
          )}
        </aside>
      </div>
    </article>
  );
}
