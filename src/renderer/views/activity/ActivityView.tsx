import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  activityCsv,
  activityKinds,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityKind,
} from '../../../shared/domain/activity';
import { call } from '../../ipc/client';
import { useAccountsStore } from '../../store/accounts-store';
import { ActivityRows } from './ActivityRows';
import './activity.css';

interface Fields {
  desk: string;
  account: string;
  ad: string;
  kind: ActivityKind | '';
  from: string;
  to: string;
}
const NO_FILTER: Fields = { desk: '', account: '', ad: '', kind: '', from: '', to: '' };

/** The filter the fields say; a day typed is from its local midnight, "to" through its end. */
function filterOf(fields: Fields): ActivityFilter {
  const day = (value: string, plus: number) => {
    const at = new Date(`${value}T00:00:00`);
    at.setDate(at.getDate() + plus);
    return at.toISOString();
  };
  return {
    ...(fields.desk.trim() && { desk: fields.desk.trim() }),
    ...(fields.account && { account: fields.account }),
    ...(fields.ad.trim() && { ad: fields.ad.trim() }),
    ...(fields.kind && { kinds: [fields.kind] }),
    ...(fields.from && { since: day(fields.from, 0) }),
    ...(fields.to && { until: day(fields.to, 1) }),
  };
}

/** Saves `text` as a file through the browser's download (both shells hand it to the seller). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The Activity view (issue 37.5): who did what, newest first, in the team's database or this
 * desktop's file; filters by desk, account, ad, kind and time; exported as CSV as filtered.
 */
export function ActivityView() {
  const { t } = useTranslation();
  const id = useId();
  const accounts = useAccountsStore((s) => s.state?.accounts);
  const [fields, setFields] = useState<Fields>(NO_FILTER);
  const [entries, setEntries] = useState<ActivityEntry[] | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const filter = useMemo(() => filterOf(fields), [fields]);

  useEffect(() => {
    heading.current?.focus();
    if (!useAccountsStore.getState().state) void useAccountsStore.getState().load();
  }, []);

  useEffect(() => {
    let current = true;
    // Typing in a text field reads the log once the typing pauses.
    const timer = setTimeout(() => {
      call('activity:list', filter).then(
        (read) => {
          if (!current) return;
          setEntries(read.entries);
          setFailure(undefined);
        },
        (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error)),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [filter]);

  const accountName = (accountId: string) => accounts?.find((a) => a.id === accountId)?.name ?? accountId;
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((now) => ({ ...now, [key]: event.target.value }));
  const filtered = Object.keys(filter).length > 0;
  const exportCsv = () => {
    if (!entries) return;
    const headers = t('activity.header', { returnObjects: true }) as unknown as Parameters<
      typeof activityCsv
    >[1];
    download(
      t('activity.fileName'),
      activityCsv(entries, headers, (kind) => t(`activity.kind.${kind}`)),
    );
    setSaid(t('activity.exported', { count: entries.length }));
  };

  return (
    <div className="activity-view">
      <header className="view-head">
        <div>
          <h1 tabIndex={-1} ref={heading}>
            {t('activity.title')}
          </h1>
          <p className="muted">{t('activity.intro')}</p>
        </div>
        <div className="actions">
          <button type="button" onClick={exportCsv} disabled={!entries || entries.length === 0}>
            {t('activity.export')}
          </button>
        </div>
      </header>
      <form
        className="activity-filters"
        aria-label={t('activity.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="activity-field">
          <label htmlFor={`${id}-desk`}>{t('activity.desk')}</label>
          <input id={`${id}-desk`} type="search" value={fields.desk} onChange={set('desk')} />
        </div>
        <div className="activity-field">
          <label htmlFor={`${id}-account`}>{t('activity.account')}</label>
          <select id={`${id}-account`} value={fields.account} onChange={set('account')}>
            <option value="">{t('activity.anyAccount')}</option>
            {(accounts ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
        <div className="activity-field">
          <label htmlFor={`${id}-ad`}>{t('activity.ad')}</label>
          <input id={`${id}-ad`} type="search" value={fields.ad} onChange={set('ad')} />
        </div>
        <div className="activity-field">
          <label htmlFor={`${id}-kind`}>{t('activity.kindLabel')}</label>
          <select id={`${id}-kind`} value={fields.kind} onChange={set('kind')} data-testid="activity-kind">
            <option value="">{t('activity.anyKind')}</option>
            {activityKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`activity.kind.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="activity-field">
          <label htmlFor={`${id}-from`}>{t('activity.from')}</label>
          <input id={`${id}-from`} type="date" value={fields.from} onChange={set('from')} />
        </div>
        <div className="activity-field">
          <label htmlFor={`${id}-to`}>{t('activity.to')}</label>
          <input id={`${id}-to`} type="date" value={fields.to} onChange={set('to')} />
        </div>
        <button type="button" onClick={() => setFields(NO_FILTER)} disabled={!filtered}>
          {t('activity.reset')}
        </button>
      </form>
      {failure && (
        <p className="banner error" role="alert">
          {t('activity.failed', { message: failure })}
        </p>
      )}
      <p className="muted activity-count" role="status" data-testid="activity-count">
        {entries && t('activity.count', { count: entries.length })}
        {said && ` ${said}`}
      </p>
      {entries && entries.length === 0 ? (
        <p className="muted">{filtered ? t('activity.emptyFiltered') : t('activity.empty')}</p>
      ) : (
        entries && <ActivityRows entries={entries} accountName={accountName} />
      )}
    </div>
  );
}
