import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicationPatch, PublicationView } from '../../../shared/domain/live';
import { parseRadius } from '../../../shared/domain/drafts';
import { useActiveAccount } from '../../store/accounts-store';
import { useListingsStore } from '../../store/listings-store';
import { useAsksForLive } from '../../store/approvals-store';
import { useLiveStore } from '../../store/live-store';
import { useJobWords } from '../publishing/job-words';
import { PublicationStateButton } from './lifecycle/PublicationStateButton';

const textFields = ['street', 'city', 'district', 'postalCode'] as const;
type TextField = (typeof textFields)[number];
const labelKey: Record<TextField, string> = {
  street: 'street',
  city: 'city',
  district: 'district',
  postalCode: 'postalCodeLabel',
};

/** Changes one publication's location, radius or imprint: only filled-in fields are sent. */
function PublicationForm({ publication, onClose }: { publication: PublicationView; onClose(): void }) {
  const { t } = useTranslation();
  const account = useActiveAccount();
  const busy = useLiveStore((s) => s.busy === 'publication');
  const [values, setValues] = useState<Record<TextField | 'radius' | 'imprint', string>>({
    street: '',
    city: '',
    district: '',
    postalCode: '',
    radius: '',
    imprint: '',
  });
  const [radiusBad, setRadiusBad] = useState(false);
  const id = (name: string) => `pub-${publication.uuid}-${name}`;

  const save = async () => {
    const patch: PublicationPatch = {};
    for (const key of textFields) if (values[key].trim() !== '') patch[key] = values[key].trim();
    if (values.radius.trim() !== '') {
      const radius = parseRadius(values.radius);
      setRadiusBad(!radius.ok);
      if (!radius.ok) return;
      patch.availabilityRadiusInKm = radius.value;
    }
    if (values.imprint !== '') patch.imprintUuid = values.imprint;
    if (Object.keys(patch).length === 0) return onClose();
    if (await useLiveStore.getState().updatePublication(publication.listingUuid, publication.uuid, patch))
      onClose();
  };

  return (
    <form
      className="live-publication-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="hint">{t('live.publications.onlyFilled')}</p>
      <div className="live-publication-fields">
        {textFields.map((key) => (
          <label key={key} className="field" htmlFor={id(key)}>
            <span>{t(`live.publications.${labelKey[key]}`)}</span>
            <input
              id={id(key)}
              value={values[key]}
              placeholder={key === 'postalCode' ? (publication.postalCode ?? '') : ''}
              onChange={(event) => setValues({ ...values, [key]: event.target.value })}
            />
          </label>
        ))}
        <label className="field" htmlFor={id('radius')}>
          <span>{t('live.publications.radius')}</span>
          <input
            id={id('radius')}
            inputMode="numeric"
            value={values.radius}
            aria-invalid={radiusBad}
            onChange={(event) => setValues({ ...values, radius: event.target.value })}
          />
        </label>
        <label className="field" htmlFor={id('imprint')}>
          <span>{t('live.publications.imprint')}</span>
          <select
            id={id('imprint')}
            value={values.imprint}
            onChange={(event) => setValues({ ...values, imprint: event.target.value })}
          >
            <option value="">{t('live.publications.imprintKeep')}</option>
            {(account?.imprints ?? []).map((imprint) => (
              <option key={imprint.uuid} value={imprint.uuid}>
                {imprint.content.split('\n')[0]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {radiusBad && <p className="field-error">{t('live.publications.radiusInvalid')}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('live.publications.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('live.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The publications the app knows of the listing, read fresh, each with its location form. */
export function ListingPublications({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const words = useJobWords();
  const items = useLiveStore((s) => (s.publications.uuid === uuid ? s.publications.items : null));
  const [editing, setEditing] = useState<string | null>(null);
  // Issue 37.4: a desk that must ask cannot ask for a publication's location or imprint (no request
  // carries them): its Change stays in view, disabled, with the reason.
  const asks = useAsksForLive();
  useEffect(() => {
    setEditing(null);
    void useLiveStore.getState().loadPublications(uuid);
  }, [uuid]);
  // Issue 15 (inventory): when the row's states change (an ad went live meanwhile), read them again here.
  const rowStates = useListingsStore((s) => JSON.stringify(s.state?.extras?.[uuid]?.publications ?? null));
  const seen = useRef({ uuid, rowStates });
  useEffect(() => {
    const before = seen.current;
    seen.current = { uuid, rowStates };
    if (before.uuid === uuid && before.rowStates !== rowStates)
      void useLiveStore.getState().loadPublications(uuid);
  }, [uuid, rowStates]);

  return (
    <section className="live-publications" aria-labelledby="live-publications-title">
      <div className="panel-head">
        <h3 id="live-publications-title">{t('live.publications.title')}</h3>
        <button type="button" onClick={() => void useLiveStore.getState().loadPublications(uuid)}>
          {t('live.publications.reload')}
        </button>
      </div>
      {items !== null && items.length === 0 && <p className="muted">{t('live.publications.none')}</p>}
      {asks && (items?.length ?? 0) > 0 && (
        <p className="hint" id="live-publications-asks" data-testid="live-publications-asks">
          {t('live.ask.publication')}
        </p>
      )}
      <ul className="live-publication-list">
        {(items ?? []).map((publication) => (
          <li key={publication.uuid} data-testid="publication">
            <p>
              <strong>
                {publication.requestedState === null || publication.requestedState === 'PUBLISHED'
                  ? t('live.publications.state', { actual: words.state(publication.actualState) })
                  : t('live.publications.stateAsked', {
                      actual: words.state(publication.actualState),
                      requested: words.state(publication.requestedState),
                    })}
              </strong>
              {publication.adId !== null && (
                <span> · {t('live.publications.ad', { adId: publication.adId })}</span>
              )}
              {publication.postalCode && (
                <span> · {t('live.publications.postalCode', { postalCode: publication.postalCode })}</span>
              )}
            </p>
            {publication.reason && (
              <p className="field-error">{t('live.publications.reason', { reason: publication.reason })}</p>
            )}
            {publication.problem && (
              <p className="field-error">
                {t('live.publications.unreadable', { message: publication.problem.message })}
              </p>
            )}
            {editing === publication.uuid ? (
              <PublicationForm publication={publication} onClose={() => setEditing(null)} />
            ) : (
              <div className="publication-actions">
                <button
                  type="button"
                  onClick={() => !asks && setEditing(publication.uuid)}
                  {...(asks ? { 'aria-disabled': true, 'aria-describedby': 'live-publications-asks' } : {})}
                >
                  {t('live.publications.edit')}
                </button>
                {publication.problem === undefined && <PublicationStateButton publication={publication} />}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
