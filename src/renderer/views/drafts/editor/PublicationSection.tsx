import { useTranslation } from 'react-i18next';
import type { Draft, DraftPublication } from '../../../../shared/domain/drafts';
import type { AccountView } from '../../../../shared/ipc/types';
import { useEditorStore } from '../../../store/editor-store';
import { issuesOf, type IssuesByField } from './draft-issues';
import { Field } from './Field';
import { useFieldLabel } from './use-editor-language';

type TextKey = 'street' | 'postalCode' | 'city';

// An imprint's text can be long: the first line, shortened, names it in the list.
function imprintName(content: string): string {
  const line = content.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

interface Props {
  draft: Draft;
  issues: IssuesByField;
  /** The account the draft belongs to (its imprints are offered). */
  account: AccountView | undefined;
}

/** Where the item is and what legal notice goes with the publication. */
export function PublicationSection({ draft, issues, account }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const edit = useEditorStore((s) => s.edit);
  const p = draft.publication;
  const set = (patch: Partial<DraftPublication>) =>
    edit((d) => ({ ...d, publication: { ...d.publication, ...patch } }));
  const imprints = account?.imprints ?? [];
  const unknownImprint = p.imprintUuid !== null && !imprints.some((i) => i.uuid === p.imprintUuid);

  const text = (key: TextKey, extra: { inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <Field
      field={`publication.${key}`}
      label={label(`publication.${key}`)}
      issues={issuesOf(issues, `publication.${key}`)}
    >
      {(a11y) => (
        <input {...a11y} {...extra} value={p[key]} onChange={(e) => set({ [key]: e.target.value })} />
      )}
    </Field>
  );

  return (
    <section className="editor-section" aria-labelledby="editor-publication-title">
      <h3 id="editor-publication-title">{t('editor.sections.publication')}</h3>
      <div className="editor-grid">
        {text('street', { autoComplete: 'street-address' })}
        {text('postalCode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
        {text('city', { autoComplete: 'address-level2' })}
        <Field
          field="publication.district"
          label={label('publication.district')}
          issues={issuesOf(issues, 'publication.district')}
        >
          {(a11y) => (
            <input
              {...a11y}
              autoComplete="address-level3"
              value={p.district ?? ''}
              onChange={(e) => set({ district: e.target.value === '' ? null : e.target.value })}
            />
          )}
        </Field>
        <Field
          field="publication.availabilityRadiusInKm"
          label={label('publication.availabilityRadiusInKm')}
          issues={issuesOf(issues, 'publication.availabilityRadiusInKm')}
        >
          {(a11y) => (
            <div className="with-unit">
              <input
                {...a11y}
                inputMode="numeric"
                value={p.availabilityRadiusInKm === null ? '' : String(p.availabilityRadiusInKm)}
                onChange={(e) =>
                  set({ availabilityRadiusInKm: e.target.value === '' ? null : e.target.value })
                }
              />
              <span className="unit" aria-hidden="true">
                km
              </span>
            </div>
          )}
        </Field>
        <Field
          field="publication.imprintUuid"
          label={label('publication.imprintUuid')}
          issues={issuesOf(issues, 'publication.imprintUuid')}
          hint={imprints.length === 0 ? t('editor.imprint.noneYet') : undefined}
          wide
        >
          {(a11y) => (
            <select
              {...a11y}
              value={p.imprintUuid ?? ''}
              onChange={(e) => set({ imprintUuid: e.target.value === '' ? null : e.target.value })}
            >
              <option value="">{t('editor.imprint.none')}</option>
              {imprints.map((imprint) => (
                <option key={imprint.uuid} value={imprint.uuid}>
                  {imprintName(imprint.content)}
                  {imprint.uuid === account?.defaultImprintUuid ? ` (${t('editor.imprint.default')})` : ''}
                </option>
              ))}
              {unknownImprint && (
                <option value={p.imprintUuid ?? ''}>
                  {t('editor.imprint.unknown', { uuid: p.imprintUuid })}
                </option>
              )}
            </select>
          )}
        </Field>
      </div>
    </section>
  );
}
