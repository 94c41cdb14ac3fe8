import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingView } from '../../../shared/ipc/types';
import { useLiveStore } from '../../store/live-store';
import { OfferValueField } from '../drafts/editor/OfferValueField';
import { formOf, patchOf, type FormProblem, type ListingForm } from './listing-form';

const lines: (keyof ListingForm)[] = ['title', 'category', 'email', 'phoneNumber', 'contactPerson'];

/** Changes a live ad's fields; only what changed is sent, and the seller is told it reaches every publication. */
export function ListingEditForm({ listing, onClose }: { listing: ListingView; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState(() => formOf(listing, i18n.language));
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [nothing, setNothing] = useState(false);
  const busy = useLiveStore((s) => s.busy === 'save');
  const field = (key: keyof ListingForm) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm({ ...form, [key]: event.target.value });

  const save = async () => {
    const { patch, problems: found } = patchOf(listing, form);
    setProblems(found);
    setNothing(false);
    if (found.length > 0) return;
    if (Object.keys(patch).length === 0) {
      setNothing(true);
      return;
    }
    if (await useLiveStore.getState().update(listing.uuid, patch)) onClose();
  };

  return (
    <form
      className="panel live-form"
      aria-labelledby="live-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h3 id="live-form-title">{t('live.editTitle')}</h3>
      <p className="hint">{t('live.reachesAll')}</p>
      {lines.map((key) => (
        <label key={key} className="field wide">
          <span>{t(`live.fields.${key}`)}</span>
          <input value={form[key]} onChange={field(key)} />
        </label>
      ))}
      <div className="live-price">
        <label className="field">
          <span>{t('live.fields.price')}</span>
          <input
            value={form.price}
            inputMode="decimal"
            onChange={field('price')}
            aria-invalid={problems.includes('price')}
            aria-describedby={problems.includes('price') ? 'live-price-error' : undefined}
          />
        </label>
        <label className="field">
          <span>{t('live.fields.priceType')}</span>
          <OfferValueField
            kind="priceType"
            value={form.priceType}
            onChange={(priceType) => setForm({ ...form, priceType })}
          />
        </label>
        <label className="field">
          <span>{t('live.fields.adType')}</span>
          <OfferValueField
            kind="adType"
            value={form.adType}
            onChange={(adType) => setForm({ ...form, adType })}
          />
        </label>
      </div>
      {problems.includes('price') && (
        <p id="live-price-error" className="field-error">
          {t('live.priceInvalid')}
        </p>
      )}
      <label className="field wide">
        <span>{t('live.fields.description')}</span>
        <textarea rows={5} value={form.description} onChange={field('description')} />
      </label>
      <label className="field wide">
        <span>{t('live.fields.attributes')}</span>
        <textarea
          rows={3}
          value={form.attributes}
          onChange={field('attributes')}
          aria-invalid={problems.includes('attributes')}
        />
      </label>
      {problems.includes('attributes') && <p className="field-error">{t('live.attributesInvalid')}</p>}
      {nothing && (
        <p className="hint" role="status">
          {t('live.noChanges')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('live.saving') : t('live.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('live.cancel')}
        </button>
      </div>
    </form>
  );
}
