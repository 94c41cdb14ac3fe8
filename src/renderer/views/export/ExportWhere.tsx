// Where an export goes (issue 26.1): a download in the web shell, or a file on this computer,
// picked with the system's save dialog (Electron) or typed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ExportKind } from '../../../shared/domain/tables';
import { call } from '../../ipc/client';

/** Where the seller wants the file: fetched by the browser, or written at a path. */
export type ExportWhereChoice = 'download' | 'path';

interface Props {
  id: string;
  kind: ExportKind;
  format: ExportFormat;
  where: ExportWhereChoice;
  /** The shell serves downloads (web shell): the choice is offered. */
  downloads: boolean;
  /** The shell has the system's save dialog (Electron). */
  dialogs: boolean;
  file: string;
  busy: boolean;
  onWhere(where: ExportWhereChoice): void;
  onFile(file: string): void;
}

/** The download-or-path choice and the path field, with its "Choose…" button where there is a dialog. */
export function ExportWhere(props: Props) {
  const { t } = useTranslation();
  const { id, where, busy } = props;
  const [chooseFailed, setChooseFailed] = useState<string | null>(null);

  const choose = () => {
    setChooseFailed(null);
    call('files:choose-export', { kind: props.kind, format: props.format }).then(
      ({ path }) => path !== null && props.onFile(path),
      (error: unknown) => setChooseFailed(error instanceof Error ? error.message : String(error)),
    );
  };

  return (
    <>
      {props.downloads && (
        <fieldset disabled={busy}>
          <legend>{t('exportTemplates.export.where')}</legend>
          {(['download', 'path'] as const).map((choice) => (
            <label key={choice} className="export-format">
              <input
                type="radio"
                name={`${id}-where`}
                value={choice}
                checked={where === choice}
                onChange={() => props.onWhere(choice)}
              />
              <span>{t(`exportTemplates.export.where-${choice}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {where === 'path' && (
        <div className="export-path">
          <label htmlFor={`${id}-path`}>{t('exportTemplates.export.path')}</label>
          <div className="export-path-row">
            <input
              id={`${id}-path`}
              type="text"
              value={props.file}
              disabled={busy}
              spellCheck={false}
              aria-describedby={`${id}-path-hint`}
              onChange={(event) => props.onFile(event.target.value)}
            />
            {props.dialogs && (
              <button type="button" disabled={busy} onClick={choose}>
                {t('exportTemplates.export.choose')}
              </button>
            )}
          </div>
          <span id={`${id}-path-hint`} className="muted small">
            {t('exportTemplates.export.pathHint')}
          </span>
          {chooseFailed !== null && (
            <p className="export-failed" role="alert">
              {t('exportTemplates.export.chooseFailed', { message: chooseFailed })}
            </p>
          )}
        </div>
      )}
    </>
  );
}
