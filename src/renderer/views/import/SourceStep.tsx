import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountsStore } from '../../store/accounts-store';
import { useImportStore } from '../../store/import-store';
import { call } from '../../ipc/client';
import { useFileCapabilities } from '../../ipc/files';
import { FailureBanner } from './FailureBanner';
import { SourcePicker, useImportDrop } from './SourcePicker';

/** Step 1: the file or folder, the account the drafts belong to, and where the photos are. */
export function SourceStep({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const path = useImportStore((s) => s.path);
  const picked = useImportStore((s) => s.picked);
  const dialogs = useFileCapabilities()?.dialogs === true;
  const drop = useImportDrop();
  const accountId = useImportStore((s) => s.accountId);
  const photoDir = useImportStore((s) => s.photoDir);
  const templateId = useImportStore((s) => s.templateId);
  const templates = useImportStore((s) => s.templates);
  const busy = useImportStore((s) => s.busy);
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []);
  const { setSource, inspect } = useImportStore.getState();
  // Said only once the seller tried to go on with an empty path.
  const [missing, setMissing] = useState(false);
  const [dirFailure, setDirFailure] = useState<string | null>(null);

  return (
    <form
      className="import-form"
      aria-labelledby={headingId}
      {...drop.props}
      onSubmit={(event) => {
        event.preventDefault();
        if (path.trim() === '' && picked === null) {
          setMissing(true);
          document.getElementById(`${id}-path`)?.focus();
          return;
        }
        void inspect();
      }}
    >
      <h2 id={headingId} tabIndex={-1}>
        {t('import.source.heading')}
      </h2>
      <p className="muted">{t('import.source.intro')}</p>
      <SourcePicker over={drop.over} />
      <div className="field wide">
        <label htmlFor={`${id}-path`}>{t('import.source.path')}</label>
        <input
          id={`${id}-path`}
          className="import-path"
          value={picked === null ? path : ''}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-path-hint${missing ? ` ${id}-path-error` : ''}`}
          aria-invalid={missing && path.trim() === ''}
          onChange={(event) => {
            setSource({ path: event.target.value, picked: null });
            if (event.target.value.trim() !== '') setMissing(false);
          }}
        />
        {missing && path.trim() === '' && (
          <p className="field-error" id={`${id}-path-error`}>
            {t('import.source.pathMissing')}
          </p>
        )}
        <div className="hint" id={`${id}-path-hint`}>
          <p>{t('import.source.pathHint')}</p>
          <p>{t('import.source.examples')}</p>
          <ul className="import-examples">
            <li>{t('import.source.exampleCsv')}</li>
            <li>{t('import.source.exampleXlsx')}</li>
            <li>{t('import.source.exampleBot')}</li>
          </ul>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('import.source.account')}</label>
        <select
          id={`${id}-account`}
          value={accountId}
          aria-describedby={`${id}-account-hint`}
          onChange={(event) => setSource({ accountId: event.target.value })}
        >
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-account-hint`}>
          {accounts.length === 0 ? t('import.source.noAccount') : t('import.source.accountHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-template`}>{t('import.source.template')}</label>
        <select
          id={`${id}-template`}
          value={templateId}
          aria-describedby={`${id}-template-hint`}
          data-testid="import-template"
          onChange={(event) => setSource({ templateId: event.target.value })}
        >
          <option value="">{t('import.source.templateNone')}</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-template-hint`}>
          {templates.length === 0 ? t('import.source.templateNoneSaved') : t('import.source.templateHint')}
        </p>
      </div>
      <div className="field wide">
        <label htmlFor={`${id}-photos`}>{t('import.source.photoDir')}</label>
        <div className="import-path-row">
          <input
            id={`${id}-photos`}
            className="import-path"
            value={photoDir}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-photos-hint`}
            onChange={(event) => setSource({ photoDir: event.target.value })}
          />
          {dialogs && (
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setDirFailure(null);
                call('files:choose', { purpose: 'photo-folder' }).then(
                  ({ path: chosen }) => chosen !== null && setSource({ photoDir: chosen }),
                  (error: unknown) => setDirFailure(error instanceof Error ? error.message : String(error)),
                );
              }}
            >
              {t('import.source.choosePhotoDir')}
            </button>
          )}
        </div>
        {dirFailure !== null && (
          <p className="field-error" role="alert">
            {t('import.source.choosePhotoDirFailed', { message: dirFailure })}
          </p>
        )}
        <p className="hint" id={`${id}-photos-hint`}>
          {t('import.source.photoDirHint')}
        </p>
      </div>
      <FailureBanner />
      <div className="import-actions">
        <button type="submit" className="primary" disabled={busy || accountId === ''}>
          {busy ? t('import.source.reading') : t('import.source.next')}
        </button>
      </div>
    </form>
  );
}
