import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenPurpose } from '../../../shared/domain/tables';
import { call } from '../../ipc/client';
import { useFileCapabilities } from '../../ipc/files';
import type { FeedFormProblem, FeedFormValues } from './use-feed-form';
import { PrivateAddressChoice } from './FeedChoices';

interface Props {
  values: FeedFormValues;
  change(patch: Partial<FeedFormValues>): void;
  problems: readonly FeedFormProblem[];
  /** A password is kept in the keychain for this feed (it is never shown). */
  hasPassword: boolean;
  reading: boolean;
  /** Reads the file's columns (a file source). */
  onRead(): void;
}

/**
 * Where the feed's table comes from: a file on this machine (read again at every run, so it is
 * named by its path, not copied) or an https address with optional basic auth.
 */
export function FeedSourceFields({ values, change, problems, hasPassword, reading, onRead }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialogs = useFileCapabilities()?.dialogs === true;
  const [chooseFailure, setChooseFailure] = useState<string | null>(null);
  const choose = (purpose: OpenPurpose, apply: (path: string) => void) => {
    setChooseFailure(null);
    call('files:choose', { purpose }).then(
      ({ path }) => path !== null && apply(path),
      (error: unknown) => setChooseFailure(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <fieldset>
      <legend>{t('feeds.form.source')}</legend>
      <div className="feed-form-row" role="radiogroup" aria-label={t('feeds.form.sourceKind')}>
        {(['file', 'url'] as const).map((kind) => (
          <label key={kind} className="feed-choice">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={values.kind === kind}
              onChange={() => change({ kind, mapping: null })}
            />
            {t(`feeds.form.kind.${kind}`)}
          </label>
        ))}
      </div>
      {values.kind === 'file' ? (
        <div className="field wide">
          <label htmlFor={`${id}-path`}>{t('feeds.form.path')}</label>
          <div className="feed-form-row">
            <input
              id={`${id}-path`}
              className="feed-path"
              value={values.path}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={problems.includes('path')}
              aria-describedby={`${id}-path-hint`}
              onChange={(event) => change({ path: event.target.value, mapping: null })}
            />
            {dialogs && (
              <button
                type="button"
                onClick={() => choose('import-file', (path) => change({ path, mapping: null }))}
              >
                {t('feeds.form.choose')}
              </button>
            )}
            <button type="button" disabled={reading || values.path.trim() === ''} onClick={onRead}>
              {reading ? t('feeds.form.reading') : t('feeds.form.read')}
            </button>
          </div>
          {problems.includes('path') && <p className="field-error">{t('feeds.form.pathMissing')}</p>}
          <p className="hint" id={`${id}-path-hint`}>
            {t('feeds.form.pathHint')}
          </p>
        </div>
      ) : (
        <>
          <div className="field wide">
            <label htmlFor={`${id}-url`}>{t('feeds.form.url')}</label>
            <input
              id={`${id}-url`}
              className="feed-path"
              type="url"
              value={values.url}
              spellCheck={false}
              autoComplete="off"
              placeholder="https://"
              aria-invalid={problems.includes('url')}
              aria-describedby={`${id}-url-hint`}
              onChange={(event) => change({ url: event.target.value, mapping: null })}
            />
            {problems.includes('url') && <p className="field-error">{t('feeds.form.urlInvalid')}</p>}
            <p className="hint" id={`${id}-url-hint`}>
              {t('feeds.form.urlHint')}
            </p>
          </div>
          <div className="feed-form-row">
            <div className="field">
              <label htmlFor={`${id}-user`}>{t('feeds.form.user')}</label>
              <input
                id={`${id}-user`}
                value={values.user}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => change({ user: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-password`}>{t('feeds.form.password')}</label>
              <input
                id={`${id}-password`}
                type="password"
                value={values.password}
                autoComplete="new-password"
                disabled={values.forgetPassword}
                aria-describedby={`${id}-password-hint`}
                onChange={(event) => change({ password: event.target.value })}
              />
              <p className="hint" id={`${id}-password-hint`}>
                {hasPassword ? t('feeds.form.passwordKept') : t('feeds.form.passwordHint')}
              </p>
            </div>
          </div>
          {hasPassword && (
            <label className="feed-choice">
              <input
                type="checkbox"
                checked={values.forgetPassword}
                onChange={(event) => change({ forgetPassword: event.target.checked, password: '' })}
              />
              {t('feeds.form.forgetPassword')}
            </label>
          )}
        </>
      )}
      <div className="field wide">
        <label htmlFor={`${id}-photos`}>{t('feeds.form.photoFolder')}</label>
        <div className="feed-form-row">
          <input
            id={`${id}-photos`}
            className="feed-path"
            value={values.photoFolder}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-photos-hint`}
            onChange={(event) => change({ photoFolder: event.target.value })}
          />
          {dialogs && (
            <button
              type="button"
              onClick={() => choose('photo-folder', (photoFolder) => change({ photoFolder }))}
            >
              {t('feeds.form.choosePhotoFolder')}
            </button>
          )}
        </div>
        <p className="hint" id={`${id}-photos-hint`}>
          {t('feeds.form.photoFolderHint')}
        </p>
      </div>
      <PrivateAddressChoice values={values} change={change} />
      {chooseFailure !== null && (
        <p className="field-error" role="alert">
          {t('feeds.form.chooseFailed', { message: chooseFailure })}
        </p>
      )}
    </fieldset>
  );
}
