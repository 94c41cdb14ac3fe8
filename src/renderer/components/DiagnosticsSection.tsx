// Settings → About → "Save diagnostics…": main writes one file (logs, app:info, versions, no secret)
// where the seller chose (Electron) or into the data folder (web shell), and this names the path.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IpcError } from '../../shared/ipc/envelope';
import { call } from '../ipc/client';

type Outcome = { kind: 'saved'; path: string } | { kind: 'failed'; message: string };

/** The diagnostics part of the About panel. */
export function DiagnosticsSection() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const save = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const result = await call('app:save-diagnostics', { userAgent: navigator.userAgent.slice(0, 500) });
      if (result.saved) setOutcome({ kind: 'saved', path: result.path });
    } catch (error) {
      const message = error instanceof IpcError || error instanceof Error ? error.message : String(error);
      setOutcome({ kind: 'failed', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="diagnostics" data-testid="diagnostics">
      <h3>{t('about.diagnostics')}</h3>
      <p className="hint">{t('about.diagnosticsHint')}</p>
      <button type="button" onClick={() => void save()} disabled={busy} data-testid="save-diagnostics">
        {busy ? t('about.savingDiagnostics') : t('about.saveDiagnostics')}
      </button>
      {outcome?.kind === 'saved' && (
        <p className="test-result ok" role="status" data-testid="diagnostics-saved">
          {t('about.diagnosticsSaved')} <code>{outcome.path}</code>
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p className="test-result failed" role="alert">
          {t('about.diagnosticsFailed', { message: outcome.message })}
        </p>
      )}
    </div>
  );
}
