import { useTranslation } from 'react-i18next';
import { languageSchema, photoMaxEdges, photoMaxEdgeSchema, themeSchema } from '../../shared/ipc/contract';
import { AboutPanel } from '../components/AboutPanel';
import { useAppStore } from '../store/app-store';
import { AccountsPanel } from './settings/AccountsPanel';
import { CategoriesPanel } from './settings/categories/CategoriesPanel';
import { ImprintsPanel } from './settings/ImprintsPanel';
import { PublishingPanel } from './settings/PublishingPanel';
import { ShopPanel } from './settings/shop/ShopPanel';

/** Settings: general preferences and the About panel. */
export function SettingsView() {
  const { t } = useTranslation();
  const info = useAppStore((s) => s.info);
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  return (
    <>
      <h1>{t('settings.title')}</h1>
      <section className="panel" aria-labelledby="general-title">
        <h2 id="general-title">{t('settings.general')}</h2>
        <label className="field">
          <span>{t('settings.language')}</span>
          <select
            value={settings?.language ?? 'system'}
            onChange={(event) => {
              const language = languageSchema.safeParse(event.target.value);
              if (language.success) void updateSettings({ language: language.data });
            }}
          >
            <option value="system">
              {t('settings.languageSystem', { locale: info?.systemLocale ?? '' })}
            </option>
            <option value="de">{t('settings.languageDe')}</option>
            <option value="en">{t('settings.languageEn')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('settings.theme')}</span>
          <select
            value={settings?.theme ?? 'system'}
            onChange={(event) => {
              const theme = themeSchema.safeParse(event.target.value);
              if (theme.success) void updateSettings({ theme: theme.data });
            }}
          >
            <option value="system">{t('settings.themeSystem')}</option>
            <option value="light">{t('settings.themeLight')}</option>
            <option value="dark">{t('settings.themeDark')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('settings.photoMaxEdge')}</span>
          <select
            value={settings?.photoMaxEdge ?? 2048}
            aria-describedby="photo-max-edge-hint"
            onChange={(event) => {
              const edge = photoMaxEdgeSchema.safeParse(Number(event.target.value));
              if (edge.success) void updateSettings({ photoMaxEdge: edge.data });
            }}
          >
            {photoMaxEdges.map((edge) => (
              <option key={edge} value={edge}>
                {t('settings.pixels', { count: edge })}
              </option>
            ))}
          </select>
          <small id="photo-max-edge-hint" className="hint">
            {t('settings.photoMaxEdgeHint')}
          </small>
        </label>
      </section>
      <PublishingPanel />
      <AccountsPanel />
      <ImprintsPanel />
      <CategoriesPanel />
      <ShopPanel />
      {info && <AboutPanel info={info} />}
    </>
  );
}
