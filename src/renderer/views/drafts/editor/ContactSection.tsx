import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/drafts';
import { useDraftBinding } from './draft-binding';
import { issuesOf, type IssuesByField } from './draft-issues';
import { Field } from './Field';
import { useFieldLabel } from './use-editor-language';

// Optional fields are stored as null when empty, as the service's samples leave them out.
const orNull = (value: string) => (value === '' ? null : value);

type TextKey = 'phoneNumber' | 'contactPerson' | 'customReference';

/** How buyers reach the seller, and the seller's own reference for the ad. */
export function ContactSection({ draft, issues }: { draft: Draft; issues: IssuesByField }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { edit } = useDraftBinding();
  const optional = (key: TextKey, type: 'tel' | 'text', hint?: string) => (
    <Field field={key} label={label(key)} issues={issuesOf(issues, key)} hint={hint}>
      {(a11y) => (
        <input
          {...a11y}
          type={type}
          value={draft[key] ?? ''}
          onChange={(e) => {
            const value = orNull(e.target.value);
            edit((d) => ({ ...d, [key]: value }));
          }}
        />
      )}
    </Field>
  );
  return (
    <section className="editor-section" aria-labelledby="editor-contact-title">
      <h3 id="editor-contact-title">{t('editor.sections.contact')}</h3>
      <div className="editor-grid">
        <Field field="email" label={label('email')} issues={issuesOf(issues, 'email')}>
          {(a11y) => (
            <input
              {...a11y}
              // Not type=email: Chromium would trim what is typed and hide the seller's own text.
              type="text"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              value={draft.email}
              onChange={(e) => edit((d) => ({ ...d, email: e.target.value }))}
            />
          )}
        </Field>
        {optional('phoneNumber', 'tel')}
        {optional('contactPerson', 'text')}
        {optional('customReference', 'text', t('editor.hints.customReference'))}
      </div>
    </section>
  );
}
