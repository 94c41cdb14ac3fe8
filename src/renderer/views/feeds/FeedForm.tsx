import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportInspectResult } from '../../../shared/domain/tables';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import type { ProductFormat } from '../../../shared/domain/feeds';
import { IpcError } from '../../../shared/ipc/envelope';
import { call } from '../../ipc/client';
import { useAccountsStore } from '../../store/accounts-store';
import { useFeedsStore } from '../../store/feeds-store';
import { FeedColumns } from './FeedColumns';
import { FeedRules } from './FeedRules';
import { FeedSourceFields } from './FeedSourceFields';
import { FeedExportChoices } from './FeedChoices';
import {
  guessedColumns,
  initialValues,
  problemsOf,
  recognizedFormat,
  saveInput,
  useFeedFormValues,
  type FeedFormProblem,
} from './use-feed-form';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The format main named when the file read is a product feed in XML (issue 35.1), else null. */
function xmlFeedFormat(error: unknown): ProductFormat | null {
  if (!(error instanceof IpcError)) return null;
  const details = error.details as { reason?: unknown; format?: unknown } | undefined;
  if (details?.reason !== 'xml-feed') return null;
  return details.format === 'google-rss' || details.format === 'google-atom' ? details.format : null;
}

/** Adds a feed (no id) or changes one: source, account, columns and what a run does. */
export function FeedForm({ feedId }: { feedId: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const feed = useFeedsStore((s) => s.feeds.find((entry) => entry.id === feedId));
  const accountsState = useAccountsStore((s) => s.state);
  const accounts = accountsState?.accounts ?? [];
  const [values, change] = useFeedFormValues(() =>
    initialValues(feed, accountsState?.activeId ?? accountsState?.accounts[0]?.id ?? ''),
  );
  const [inspected, setInspected] = useState<ImportInspectResult | null>(null);
  const [reading, setReading] = useState(false);
  const [readFailure, setReadFailure] = useState<string | null>(null);
  const [templates, setTemplates] = useState<DraftTemplate[]>([]);
  const [templatesFailure, setTemplatesFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<FeedFormProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [saveFailure, setSaveFailure] = useState<string | null>(null);
  const { back, open, save } = useFeedsStore.getState();

  // A product feed in XML has no columns to read here: its format is recognized by its content.
  const [xmlFormat, setXmlFormat] = useState<ProductFormat | null>(null);
  const read = () => {
    setReading(true);
    setReadFailure(null);
    setXmlFormat(null);
    call('import:inspect', { path: values.path.trim() }).then(
      (result) => {
        setInspected(result);
        change(guessedColumns(values, result));
        setReading(false);
      },
      (error: unknown) => {
        setInspected(null);
        const format = xmlFeedFormat(error);
        if (format) setXmlFormat(format);
        else setReadFailure(message(error));
        setReading(false);
      },
    );
  };

  // A file feed opened for editing shows its columns as they are in the file now.
  useEffect(() => {
    if (feed?.source.kind === 'file') read();
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (values.accountId === '') return;
    let live = true;
    setTemplatesFailure(null);
    call('templates:list', { accountId: values.accountId }).then(
      ({ templates: found }) => live && setTemplates(found),
      (error: unknown) => {
        if (!live) return;
        setTemplates([]);
        setTemplatesFailure(message(error));
      },
    );
    return () => {
      live = false;
    };
  }, [values.accountId]);

  const recognized = recognizedFormat(inspected) ?? xmlFormat;
  const problems = problemsOf(values, recognized);
  const submit = () => {
    setShown(problems);
    if (problems.length > 0) {
      document.querySelector<HTMLElement>('.feed-form [aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    setSaveFailure(null);
    save(saveInput(values, feed?.id)).then(
      () => setSaving(false),
      (error: unknown) => {
        setSaving(false);
        setSaveFailure(message(error));
      },
    );
  };

  return (
    <form
      className="feed-form"
      // The form's own checks speak in the UI's language; the browser's bubbles would not.
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <header className="view-head">
        <h1 id={`${id}-heading`} tabIndex={-1} data-screen-heading>
          {feed ? t('feeds.form.editTitle', { name: feed.name }) : t('feeds.form.addTitle')}
        </h1>
      </header>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('feeds.form.name')}</label>
        <input
          id={`${id}-name`}
          value={values.name}
          aria-invalid={shown.includes('name') && problems.includes('name')}
          aria-describedby={`${id}-name-hint`}
          onChange={(event) => change({ name: event.target.value })}
        />
        {shown.includes('name') && problems.includes('name') && (
          <p className="field-error">{t('feeds.form.nameMissing')}</p>
        )}
        <p className="hint" id={`${id}-name-hint`}>
          {t('feeds.form.nameHint')}
        </p>
      </div>
      <FeedSourceFields
        values={values}
        change={(patch) => {
          // Another source has other columns: what was read of the old one goes.
          if (patch.path !== undefined || patch.kind !== undefined || patch.url !== undefined) {
            setInspected(null);
            setXmlFormat(null);
          }
          change(patch);
        }}
        problems={shown.filter((problem) => problems.includes(problem))}
        hasPassword={feed?.hasPassword === true && values.kind === 'url'}
        reading={reading}
        onRead={read}
      />
      {readFailure !== null && (
        <p className="banner error" role="alert" data-testid="feed-read-failed">
          {t('feeds.form.readFailed', { message: readFailure })}
        </p>
      )}
      <fieldset>
        <legend>{t('feeds.form.ads')}</legend>
        <div className="feed-form-row">
          <div className="field">
            <label htmlFor={`${id}-account`}>{t('feeds.list.account')}</label>
            <select
              id={`${id}-account`}
              value={values.accountId}
              onChange={(event) => change({ accountId: event.target.value, templateId: '' })}
            >
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-template`}>{t('feeds.form.template')}</label>
            <select
              id={`${id}-template`}
              value={values.templateId}
              onChange={(event) => change({ templateId: event.target.value })}
            >
              <option value="">{t('feeds.form.noTemplate')}</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
            {templatesFailure !== null && (
              <p className="field-error" role="alert">
                {t('feeds.form.templatesFailed', { message: templatesFailure })}
              </p>
            )}
          </div>
        </div>
      </fieldset>
      <FeedColumns
        values={values}
        change={change}
        inspected={inspected}
        recognized={recognized}
        problems={shown.filter((problem) => problems.includes(problem))}
      />
      <FeedExportChoices values={values} change={change} />
      <FeedRules
        values={values}
        change={change}
        problems={shown.filter((problem) => problems.includes(problem))}
      />
      {saveFailure !== null && (
        <p className="banner error" role="alert" data-testid="feed-save-failed">
          {t('feeds.form.saveFailed', { message: saveFailure })}
        </p>
      )}
      <div className="feed-form-actions">
        <button type="button" disabled={saving} onClick={() => (feed ? open(feed.id) : back())}>
          {t('feeds.form.cancel')}
        </button>
        <button type="submit" className="primary" disabled={saving || values.accountId === ''}>
          {saving ? t('feeds.form.saving') : t('feeds.form.save')}
        </button>
      </div>
    </form>
  );
}
