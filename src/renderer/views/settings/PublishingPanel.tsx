import { useTranslation } from 'react-i18next';
import { publishDraftsSchema, publishUploadsSchema } from '../../../shared/ipc/contract';
import { useAppStore } from '../../store/app-store';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const draftChoices = range(1, 16);
const uploadChoices = range(1, 32);

/** How much is published at once: drafts, and photo uploads across them. */
export function PublishingPanel() {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  return (
    <section className="panel" aria-labelledby="publishing-settings-title">
      <h2 id="publishing-settings-title">{t('publish.settings.title')}</h2>
      <label className="field">
        <span>{t('publish.settings.drafts')}</span>
        <select
          value={settings?.publishDrafts ?? 4}
          aria-describedby="publishing-settings-hint"
          onChange={(event) => {
            const value = publishDraftsSchema.safeParse(Number(event.target.value));
            if (value.success) void updateSettings({ publishDrafts: value.data });
          }}
        >
          {draftChoices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('publish.settings.uploads')}</span>
        <select
          value={settings?.publishUploads ?? 6}
          aria-describedby="publishing-settings-hint"
          onChange={(event) => {
            const value = publishUploadsSchema.safeParse(Number(event.target.value));
            if (value.success) void updateSettings({ publishUploads: value.data });
          }}
        >
          {uploadChoices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <p id="publishing-settings-hint" className="hint">
        {t('publish.settings.help')}
      </p>
    </section>
  );
}
