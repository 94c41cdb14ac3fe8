import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftListRow } from '../../../shared/domain/drafts';
import { photoSrc } from '../../components/photo-src';
import { useRowPhotoCount } from '../../store/shown-photos-store';
import { useAccountLabel } from './draft-account';
import { needsLook, useScheduleWords } from '../schedule/schedule-words';
import '../schedule/schedule.css';
import './shop/shop-list.css';

/** How a row words a date: short in the row, in full on hover. */
export interface RowDates {
  short(iso: string): string;
  full(iso: string): string;
}

interface Props {
  item: DraftListRow;
  selected: boolean;
  current: boolean;
  /** The one row Tab reaches (the list is a single tab stop; arrows move within it). */
  tabbable: boolean;
  dates: RowDates;
  onActivate(id: string, event: MouseEvent): void;
  onToggle(id: string): void;
}

/**
 * One draft in the list: a checkbox for bulk actions, and a button (named by the title first) with
 * the cover, the title on a line of its own, then status, account, reference, photo count, open
 * issues and the last change, wrapping to a second line rather than cutting words (issue 26.7).
 */
export const DraftRow = memo(function DraftRow({
  item,
  selected,
  current,
  tabbable,
  dates,
  onActivate,
  onToggle,
}: Props) {
  const { t } = useTranslation();
  const title = item.title || t('draftsList.untitled');
  const when = item.trashedAt ?? item.updatedAt;
  const account = useAccountLabel(item.accountId);
  const photoCount = useRowPhotoCount(item);
  const schedule = useScheduleWords();
  return (
    <div className={`drafts-row${selected ? ' selected' : ''}`}>
      <input
        type="checkbox"
        className="drafts-row-check"
        checked={selected}
        tabIndex={-1}
        aria-label={t('draftsList.selectOne', { title })}
        onChange={() => onToggle(item.id)}
      />
      <button
        type="button"
        className="drafts-row-main"
        data-id={item.id}
        tabIndex={tabbable ? 0 : -1}
        aria-current={current ? 'true' : undefined}
        onClick={(event) => onActivate(item.id, event)}
      >
        <span className="thumb drafts-thumb">
          {item.coverThumb ? (
            <img src={photoSrc(item.coverThumb)} alt="" loading="lazy" decoding="async" />
          ) : (
            <span className="no-photo" aria-hidden="true" />
          )}
        </span>
        <span className="drafts-row-text">
          <span className={`drafts-row-title${item.title ? '' : ' untitled'}`}>{title}</span>
          <span className="muted small drafts-row-meta">
            {/* Issue 24.4: Publish refuses a draft in conflict, so "ready" would mislead. */}
            {item.status === 'ready' && item.shopConflicts > 0 ? (
              <span className="drafts-state state-conflict">{t('shopMerge.pick')}</span>
            ) : (
              <span className={`drafts-state state-${item.status}`}>
                {t(`draftsList.status.${item.status}`)}
              </span>
            )}
            {account.name !== '' && (
              <span
                className={`drafts-account${account.removed ? ' removed' : ''}`}
                title={t('accountsApart.rowAccount', { name: account.name })}
              >
                {account.name}
              </span>
            )}
            {item.customReference && <span className="drafts-ref">{item.customReference}</span>}
            <span>{t('draftsList.photos', { count: photoCount })}</span>
            {item.shopConflicts > 0 && (
              <span className="drafts-conflicts">
                {t('shopMerge.listConflicts', { count: item.shopConflicts })}
              </span>
            )}
            {item.schedule && (
              <span className={`drafts-schedule${needsLook(item.schedule) ? ' needs-look' : ''}`}>
                {schedule.short(item.schedule)}
              </span>
            )}
            {item.issueCount > 0 && (
              <span className="drafts-issues">{t('draftsList.issues', { count: item.issueCount })}</span>
            )}
            {item.catalogWarning && (
              // Short in the row (it must fit beside the date at 1024 px); whole in its title and for screen readers.
              <span
                className="drafts-catalog-warning"
                title={`${t(`draftsList.catalogWarning.${item.catalogWarning}`)}. ${t('draftsList.catalogWarning.fix')}`}
                data-testid="drafts-catalog-warning"
              >
                <span aria-hidden="true">
                  ⚠ {t(`draftsList.catalogWarning.short.${item.catalogWarning}`)}
                </span>
                <span className="visually-hidden">
                  {t(`draftsList.catalogWarning.${item.catalogWarning}`)}
                </span>
              </span>
            )}
            <time dateTime={when} title={dates.full(when)}>
              {item.trashedAt ? t('draftsList.trashedOn', { date: dates.short(when) }) : dates.short(when)}
            </time>
          </span>
        </span>
      </button>
    </div>
  );
});
