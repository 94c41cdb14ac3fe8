import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ExportKind, ExportResult } from '../../../shared/domain/tables';
import { IpcError } from '../../../shared/ipc/envelope';
import { call } from '../../ipc/client';
import { download, useFileCapabilities } from '../../ipc/files';
import { useActiveAccount } from '../../store/accounts-store';
import '../../components/confirm-dialog.css';
import { ExportWhere, type ExportWhereChoice } from './ExportWhere';
import './export.css';

interface Props {
  kind: ExportKind;
  /** Drafts only: the chosen drafts; absent: all of the selected account's. */
  ids?: string[] | undefined;
  onClose(): void;
}

type Outcome =
  { state: 'idle' | 'busy' } | { state: 'exists' } | { state: 'failed'; message: string } | ExportDone;
interface ExportDone {
  state: 'done';
  result: ExportResult;
}

/** The path with its extension set to the format's (the seller may have typed another name). */
function withExtension(file: string, format: ExportFormat): string {
  return /\.(csv|xlsx)$/i.test(file) ? file.replace(/\.(csv|xlsx)$/i, `.${format}`) : file;
}

/**
 * Writes drafts or live listings to a CSV or XLSX file the seller names (issue 17). The path starts
 * as main's suggestion; an existing file is replaced only when the seller says so.
 */
export function ExportDialog({ kind, ids, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const account = useActiveAccount();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [file, setFile] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const busy = outcome.state === 'busy';
  const capabilities = useFileCapabilities();
  const downloads = capabilities?.downloads === true;
  // A download where the shell offers one (web shell), until the seller asks for a path.
  const [chosenWhere, setWhere] = useState<ExportWhereChoice | null>(null);
  const where: ExportWhereChoice = chosenWhere ?? (downloads ? 'download' : 'path');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);

  useEffect(() => {
    let live = true;
    void call('export:default-path', { kind, format: 'xlsx' }).then(
      ({ path }) => live && setFile((typed) => (typed === '' ? path : typed)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [kind]);

  const run = async (replace: boolean) => {
    setOutcome({ state: 'busy' });
    const target =
      where === 'download'
        ? { download: true as const, format }
        : { path: file.trim(), format, ...(replace && { replace: true }) };
    try {
      const result =
        kind === 'listings'
          ? await call('export:listings', target)
          : await call('export:drafts', { ...target, ...(ids && { ids }) });
      if (result.download) download(result.download.url, result.download.name);
      setOutcome({ state: 'done', result });
    } catch (error) {
      const details =
        error instanceof IpcError ? (error.details as { reason?: string } | undefined) : undefined;
      if (details?.reason === 'exists') setOutcome({ state: 'exists' });
      else if (details?.reason === 'extension')
        setOutcome({ state: 'failed', message: t('exportTemplates.export.extension', { format }) });
      else setOutcome({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const title =
    kind === 'listings'
      ? t('exportTemplates.export.titleListings')
      : ids
        ? t('exportTemplates.export.titleDraftsSelected', { count: ids.length })
        : t('exportTemplates.export.titleDrafts');
  const intro =
    kind === 'listings'
      ? t('exportTemplates.export.introListings', { account: account?.name ?? '' })
      : ids
        ? t('exportTemplates.export.introSelected')
        : t('exportTemplates.export.introDrafts', { account: account?.name ?? '' });

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog export-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="export-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <form
        className="confirm-dialog-body export-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(false);
        }}
      >
        <p className="muted">{intro}</p>
        <fieldset disabled={busy}>
          <legend>{t('exportTemplates.export.format')}</legend>
          {(['xlsx', 'csv'] as const).map((choice) => (
            <label key={choice} className="export-format">
              <input
                type="radio"
                name={`${id}-format`}
                value={choice}
                checked={format === choice}
                onChange={() => {
                  setFormat(choice);
                  setFile((typed) => withExtension(typed, choice));
                  setOutcome({ state: 'idle' });
                }}
              />
              <span>{t(`exportTemplates.export.${choice}`)}</span>
            </label>
          ))}
        </fieldset>
        <ExportWhere
          id={id}
          kind={kind}
          format={format}
          where={where}
          downloads={downloads}
          dialogs={capabilities?.dialogs === true}
          file={file}
          busy={busy}
          onWhere={(choice) => {
            setWhere(choice);
            setOutcome({ state: 'idle' });
          }}
          onFile={(typed) => {
            setFile(typed);
            setOutcome({ state: 'idle' });
          }}
        />
        <div aria-live="polite" data-testid="export-outcome">
          {outcome.state === 'exists' && (
            <p className="export-exists">
              {t('exportTemplates.export.exists')}{' '}
              <button type="button" className="danger" onClick={() => void run(true)}>
                {t('exportTemplates.export.replace')}
              </button>
            </p>
          )}
          {outcome.state === 'failed' && (
            <p className="export-failed" role="alert">
              {t('exportTemplates.export.failed', { message: outcome.message })}
            </p>
          )}
          {outcome.state === 'done' && (
            <>
              <p className="export-done">
                {outcome.result.download
                  ? t('exportTemplates.export.downloaded', {
                      count: outcome.result.rows,
                      name: outcome.result.download.name,
                    })
                  : t('exportTemplates.export.done', {
                      count: outcome.result.rows,
                      path: outcome.result.path,
                    })}
              </p>
              {outcome.result.fromMemory && <p className="muted">{t('exportTemplates.export.fromMemory')}</p>}
            </>
          )}
        </div>
        <div className="confirm-dialog-actions">
          <button type="button" onClick={onClose} disabled={busy}>
            {outcome.state === 'done'
              ? t('exportTemplates.export.close')
              : t('exportTemplates.export.cancel')}
          </button>
          {outcome.state !== 'done' && (
            <button
              type="submit"
              className="primary"
              disabled={busy || (where === 'path' && file.trim() === '')}
            >
              {busy
                ? t('exportTemplates.export.saving')
                : t(where === 'download' ? 'exportTemplates.export.download' : 'exportTemplates.export.save')}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** A button that opens the export dialog; focus comes back to it when the dialog closes. */
export function ExportButton({
  kind,
  ids,
  label,
  hint,
}: {
  kind: ExportKind;
  ids?: string[];
  label: string;
  hint?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={button} title={hint} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <ExportDialog
          kind={kind}
          ids={ids}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      )}
    </>
  );
}
