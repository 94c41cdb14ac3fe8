import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeWords, offerValueLabel } from '../../../shared/domain/drafts';
import { useMessageLanguage, useProblemText } from '../../components/problem-text';
import { useRoleGate } from '../../components/RoleGate';
import { ServiceDetails } from '../../components/ServiceDetails';
import { useAppStore } from '../../store/app-store';
import { useCatalog } from '../../store/catalog-store';
import { useDraftsStore } from '../../store/drafts-store';
import { useListingsStore } from '../../store/listings-store';
import { useAsksForLive } from '../../store/approvals-store';
import { useLiveStore } from '../../store/live-store';
import { listingPrice } from './format';
import { ListingEditForm } from './ListingEditForm';
import { ListingPublications } from './ListingPublications';
import { LivePhotos } from './LivePhotos';
import { ListingPreviewButton } from '../preview/PreviewButton';
import { DeleteAdButtons } from './lifecycle/DeleteAdButtons';
import { useLifecycleStore } from './lifecycle/lifecycle-store';
import './live.css';

/** What the last change of the live ad did, or why it failed, with what to do. */
function LiveMessages() {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const failure = useLiveStore((s) => s.failure);
  const done = useLiveStore((s) => s.done);
  const refused = useLiveStore((s) => s.refused);
  if (!failure && !done && refused.length === 0) return null;
  return (
    <div
      className={failure || refused.length > 0 ? 'banner error' : 'banner'}
      role={failure ? 'alert' : 'status'}
    >
      {failure && (
        <span>
          {/* The live rows of the spec's Errors table have words of their own; any other problem
              gets the app's words for it, and the service's own words stay under Details. */}
          {failure.problem === null
            ? failure.message
            : i18n.exists(`live.problems.${failure.problem}`)
              ? t(`live.problems.${failure.problem}`)
              : problemText({ ...failure, problem: failure.problem })}
          <ServiceDetails status={failure.status} title={failure.title} detail={failure.detail} />
        </span>
      )}
      {done === 'asked' ? (
        <span data-testid="live-asked">
          {t('live.ask.asked')}{' '}
          <button type="button" onClick={() => useAppStore.getState().navigate('approvals')}>
            {t('live.ask.open')}
          </button>
        </span>
      ) : (
        done && <span>{t(done === 'saved' ? 'live.saved' : 'live.publications.saved')}</span>
      )}
      {refused.map((refusal) => (
        <span key={refusal.name}>
          {t('live.photos.refused', { name: refusal.name, message: refusal.message })}
        </span>
      ))}
      <button type="button" onClick={() => useLiveStore.getState().dismiss()}>
        {t('errors.dismiss')}
      </button>
    </div>
  );
}

/** The detail pane: every field of the open listing, its photos and publications, and changes to them. */
export function ListingDetail() {
  const { t, i18n } = useTranslation();
  const language = useMessageLanguage();
  const catalog = useCatalog()?.view;
  const detail = useListingsStore((s) => s.detail);
  const copying = useLiveStore((s) => s.busy === 'copy');
  const [editing, setEditing] = useState(false);
  // Issue 37.4: a desk that must ask edits all the same; its Save asks (ListingEditForm).
  const asks = useAsksForLive();
  const editGate = useRoleGate('live-change', !asks);
  const uuid = detail?.uuid;
  useEffect(() => {
    setEditing(false);
    useLiveStore.getState().dismiss();
    // A deleted ad's notice stays until another ad is opened.
    if (uuid !== undefined) useLifecycleStore.getState().dismissNotice();
  }, [uuid]);
  if (!detail) {
    return <p className="muted detail-empty">{t('listings.pickOne')}</p>;
  }
  const listing = detail.listing;
  const copy = async () => {
    const id = listing && (await useLiveStore.getState().copyToDraft(listing.uuid));
    if (!id) return;
    useDraftsStore.getState().open(id);
    useAppStore.getState().navigate('drafts');
  };
  return (
    <article className="listing-detail" aria-labelledby="listing-detail-title" aria-busy={detail.loading}>
      {detail.error && (
        <p className="banner warning" role="alert">
          {t('listings.detailFailed', { message: detail.error })}
        </p>
      )}
      <LiveMessages />
      {listing && editing && <ListingEditForm listing={listing} onClose={() => setEditing(false)} />}
      {listing && (
        <>
          <div className="live-toolbar">
            {editGate.wrap(
              <button
                type="button"
                onClick={editGate.guard(() => setEditing(true))}
                disabled={editing}
                {...editGate.control()}
              >
                {t('live.edit')}
              </button>,
            )}
            <button type="button" onClick={() => void copy()} disabled={copying}>
              {copying ? t('live.copying') : t('live.copyToDraft')}
            </button>
            <ListingPreviewButton listing={listing} />
            <DeleteAdButtons listing={listing} />
          </div>
          <h2 id="listing-detail-title">{listing.title}</h2>
          <p className="price big">
            {listingPrice(listing.adPrice.amount, i18n.language)}{' '}
            <span className="muted small" title={listing.adPrice.type}>
              {offerValueLabel('priceType', listing.adPrice.type, language)}
            </span>
          </p>
          <LivePhotos listing={listing} asks={asks} />
          <dl className="facts">
            <dt>{t('listings.category')}</dt>
            <dd>{listing.category}</dd>
            <dt>{t('listings.description')}</dt>
            <dd className="pre">{listing.description}</dd>
            <dt>{t('listings.adType')}</dt>
            <dd title={listing.adType}>{offerValueLabel('adType', listing.adType, language)}</dd>
            {Object.entries(listing.attributes).map(([key, value]) => {
              const words = attributeWords(key, value, { language, catalog, category: listing.category });
              return (
                <div key={key} className="fact-pair">
                  <dt title={key}>{words.label}</dt>
                  <dd title={value}>{words.valueLabel}</dd>
                </div>
              );
            })}
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
          <ListingPublications uuid={listing.uuid} />
        </>
      )}
    </article>
  );
}
