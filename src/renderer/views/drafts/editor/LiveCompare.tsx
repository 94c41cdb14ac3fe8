import { useTranslation } from 'react-i18next';
import type { DraftLiveDiff, LiveDiffRow, LiveRowValue } from '../../../../shared/domain/live';

const LONG = 90;

/** A field's value as the seller reads it: prices in euros, photos by number, long texts by their start. */
function useRowValue(): (field: string, value: LiveRowValue) => string {
  const { t, i18n } = useTranslation();
  return (field, value) => {
    if (value === null || value === '') return t('live.compare.empty');
    if (typeof value === 'boolean') return t(value ? 'live.compare.yes' : 'live.compare.no');
    if (typeof value === 'number') return t('live.compare.photoCount', { count: value });
    if (Array.isArray(value)) return t('live.compare.photoNumbers', { numbers: value.join(', ') });
    if (typeof value === 'object' && 'amount' in value && field === 'price') {
      const { type, amount } = value as { type: string; amount: number | string | null };
      if (typeof amount !== 'number') return t('live.compare.unreadablePrice', { text: amount ?? '' });
      const euros = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(
        amount,
      );
      return type === 'FIXED' ? euros : `${euros} (${type})`;
    }
    if (typeof value === 'object') {
      const pairs = Object.entries(value as Record<string, string>).map(([k, v]) => `${k} = ${v}`);
      return pairs.length > 0 ? pairs.join('; ') : t('live.compare.empty');
    }
    const flat = value.replace(/\s+/g, ' ').trim();
    return flat.length > LONG ? `${flat.slice(0, LONG)}…` : flat;
  };
}

/**
 * Each field that differs between a linked draft and its live ad: both values and which way it
 * goes on "Publish changes", or, where both sides changed it, the seller's pick (issue 23.1).
 */
export function LiveCompare({
  diff,
  busy,
  onPick,
}: {
  diff: DraftLiveDiff;
  busy: boolean;
  onPick(row: LiveDiffRow, pick: 'live' | 'draft'): void;
}) {
  const { t } = useTranslation();
  const valueOf = useRowValue();
  if (diff.rows.length === 0) return null;
  return (
    <table className="live-compare" aria-label={t('live.compare.title')}>
      <caption>{t('live.compare.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('live.compare.field')}</th>
          <th scope="col">{t('live.compare.live')}</th>
          <th scope="col">{t('live.compare.draft')}</th>
          <th scope="col">{t('live.compare.way')}</th>
        </tr>
      </thead>
      <tbody>
        {diff.rows.map((row) => (
          <tr key={`${row.way}-${row.field}`} data-field={row.field} data-way={row.way}>
            <th scope="row">{t(`live.compare.field_name.${row.field}`, { defaultValue: row.field })}</th>
            <td>{valueOf(row.field, row.live)}</td>
            <td>{valueOf(row.field, row.draft)}</td>
            <td>
              {row.way === 'to-live' ? (
                t('live.compare.toLive')
              ) : (
                <span className="live-compare-pick">
                  <span>{t('live.compare.conflict')}</span>
                  <button type="button" disabled={busy} onClick={() => onPick(row, 'live')}>
                    {t('live.compare.keepLive')}
                  </button>
                  <button type="button" disabled={busy} onClick={() => onPick(row, 'draft')}>
                    {t('live.compare.keepDraft')}
                  </button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
