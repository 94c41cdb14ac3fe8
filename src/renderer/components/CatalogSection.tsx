// Settings → About → the marketplace's catalog (issue 33.1): where the catalog in use came from and
// its date, and "Load a catalog file…": the system's dialog where the shell has one (Electron), else
// the browser's file chooser; main answers whether the file is in use now, and why not.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/dates';
import type { CatalogOrigin } from '../../shared/domain/catalog';
import { call, subscribe } from '../ipc/client';
import { useFileCapabilities } from '../ipc/files';
import { pathOfPicked } from '../views/import/picked-file';

type Outcome = { ok: boolean; message: string };

/** A catalog's date is a day, not a moment: written in UTC so that no time zone moves it. */
function catalogDay(date: string, language: string): string {
  return formatDate(`${date.slice(0, 10)}T00:00:00Z`, { language, timeZone: 'UTC' });
}

/** The catalog part of the About panel. */
export function CatalogSection() {
  const { t, i18n } = useTranslation();
  const capabilities = useFileCapabilities();
  const input = useRef<HTMLInputElement>(null);
  const [origin, setOrigin] = useState<CatalogOrigin>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  useEffect(() => {
    let live = true;
    call('catalog:origin').then(
      (known) => live && setOrigin(known),
      () => undefined,
    );
    const stop = subscribe('catalog:changed', (changed) => setOrigin(changed));
    return () => {
      live = false;
      stop();
    };
  }, []);

  const load = async (pick: () => Promise<string | null>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const path = await pick();
      if (path === null) return;
      const answer = await call('catalog:load-file', { path });
      setOrigin(answer.origin);
      setOutcome({ ok: answer.ok, message: answer.message });
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const choose = () => {
    if (capabilities?.dialogs)
      void load(async () => (await call('files:choose', { purpose: 'catalog-file' })).path);
    else input.current?.click();
  };

  return (
    <div className="catalog-origin" data-testid="catalog-section">
      <h3>{t('about.catalog')}</h3>
      {origin && (
        <p data-testid="catalog-origin" data-from={origin.from}>
          {t(origin.from === 'file' ? 'about.catalogFromFile' : 'about.catalogShipped', {
            date: catalogDay(origin.date, i18n.language),
          })}
        </p>
      )}
      {origin && (
        // The file's own words, as it says them (the shipped one's in English): quoted under Details.
        <details className="catalog-source">
          <summary>{t('about.catalogSourceTitle')}</summary>
          <p className="muted">{origin.source}</p>
        </details>
      )}
      <p className="hint">{t('about.catalogHint')}</p>
      <button type="button" onClick={choose} disabled={busy} data-testid="load-catalog">
        {busy ? t('about.catalogLoading') : t('about.loadCatalog')}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".json,application/json"
        data-testid="catalog-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) void load(() => pathOfPicked(file));
        }}
      />
      {outcome && (
        <p
          className={`test-result ${outcome.ok ? 'ok' : 'failed'}`}
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="catalog-outcome"
        >
          {outcome.message}
        </p>
      )}
    </div>
  );
}
