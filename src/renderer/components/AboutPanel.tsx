import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../shared/ipc/types';
import { CatalogSection } from './CatalogSection';
import { DiagnosticsSection } from './DiagnosticsSection';
import { KeychainDetails, useKeychainReason } from './KeychainReason';

/** What main reports about itself (app:info): version, shell, data folder, keychain. */
export function AboutPanel({ info }: { info: AppInfo }) {
  const { t } = useTranslation();
  const keychainReason = useKeychainReason();
  return (
    <section className="panel" aria-labelledby="about-title" data-testid="about-panel">
      <h2 id="about-title">{t('about.title')}</h2>
      <dl className="facts">
        <dt>{t('about.version')}</dt>
        <dd data-testid="about-version">{info.version}</dd>
        <dt>{t('about.shell')}</dt>
        <dd data-testid="about-shell" data-shell={info.shell}>
          {info.shell === 'electron' ? t('about.shellElectron') : t('about.shellWeb')}
        </dd>
        <dt>{t('about.dataDir')}</dt>
        <dd data-testid="about-data-dir">
          <code>{info.dataDir}</code>
        </dd>
        <dt>{t('about.keychain')}</dt>
        <dd data-testid="about-keychain" data-mode={info.keychain.mode}>
          {info.keychain.mode === 'keychain' ? (
            t('about.keychainOk')
          ) : (
            <>
              {t('about.keychainSession', { reason: keychainReason(info.keychain) })}
              <KeychainDetails status={info.keychain} />
            </>
          )}
        </dd>
      </dl>
      <CatalogSection />
      <DiagnosticsSection />
    </section>
  );
}
