import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { publishDraftsSchema, publishUploadsSchema } from '../../../shared/ipc/contract';
import type { Settings } from '../../../shared/ipc/types';
import { useAppStore } from '../../store/app-store';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** One of the limits: a choice of whole numbers (or Automatic), saved at once. */
function LimitSelect(props: {
  setting: 'publishDrafts' | 'publishUploads';
  schema: z.ZodType<number | 'auto'>;
  choices: Array<number | 'auto'>;
  fallback: number | 'auto';
}) {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const label = props.setting === 'publishDrafts' ? 'drafts' : 'uploads';
  return (
    <label className="field">
      <span>{t(`publish.settings.${label}`)}</span>
      <select
        value={settings?.[props.setting] ?? props.fallback}
        aria-describedby="publishing-settings-hint"
        onChange={(event) => {
          const chosen = event.target.value;
          const value = props.schema.safeParse(chosen === 'auto' ? chosen : Number(chosen));
          if (value.success) void updateSettings({ [props.setting]: value.data } as Partial<Settings>);
        }}
      >
        {props.choices.map((n) => (
          <option key={n} value={n}>
            {n === 'auto' ? t('publish.settings.auto') : n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How much is published at once: drafts, and photo uploads across them. */
export function PublishingPanel() {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="publishing-settings-title">
      <h2 id="publishing-settings-title">{t('publish.settings.title')}</h2>
      <div className="limits">
        <LimitSelect
          setting="publishDrafts"
          schema={publishDraftsSchema}
          choices={['auto', ...range(1, 16)]}
          fallback="auto"
        />
        <LimitSelect
          setting="publishUploads"
          schema={publishUploadsSchema}
          choices={range(1, 32)}
          fallback={16}
        />
      </div>
      <p id="publishing-settings-hint" className="hint">
        {t('publish.settings.help')}
      </p>
    </section>
  );
}
