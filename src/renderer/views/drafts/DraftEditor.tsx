import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateDraft } from '../../../shared/domain/drafts';
import type { DraftSuggestions } from '../../../shared/ipc/types';
import { call, subscribe } from '../../ipc/client';
import { useAccountsStore } from '../../store/accounts-store';
import { useEditorStore } from '../../store/editor-store';
import { ContactSection } from './editor/ContactSection';
import { groupIssues, issuesOf } from './editor/draft-issues';
import { EditorHeader } from './editor/EditorHeader';
import { PHOTOS_SECTION_ID } from './editor/field-ids';
import { IssueSummary } from './editor/IssueSummary';
import { CatalogWarnings } from './editor/CatalogWarnings';
import { ListingSection } from './editor/ListingSection';
import { OfferSection } from './editor/OfferSection';
import { PublicationSection } from './editor/PublicationSection';
import { PublishBar } from './editor/PublishBar';
import { useIssueText } from './editor/use-editor-language';
import { useHeadHeight } from './editor/use-head-height';
import { useShownIssues } from './editor/use-shown-issues';
import { PhotosPanel } from './photos/PhotosPanel';
import { PriceRuleSection } from '../price-rules/PriceRuleSection';
import { ShopConflicts } from './shop/ShopConflicts';
import { shopConflictsOf } from '../../../shared/domain/shop';
import { ScheduleBar } from '../schedule/ScheduleBar';
import './editor/editor.css';

/**
 * The photos panel, drawn again only when what it shows changes (its photos, or main's copy of
 * the draft), not at every keystroke elsewhere: a 100,000-character description stays fluid.
 */
const DraftPhotosPanel = memo(
  PhotosPanel,
  (before, after) =>
    before.onChange === after.onChange &&
    before.draft.id === after.draft.id &&
    before.draft.photos === after.draft.photos &&
    before.draft.updatedAt === after.draft.updatedAt &&
    before.draft.status === after.draft.status,
);

/** Saves on the ways a seller leaves: another window, a hidden tab, a closed page, Ctrl/Cmd+S. */
function useSaveTriggers() {
  useEffect(() => {
    const flush = () => void useEditorStore.getState().flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        flush();
      }
    };
    const offChanged = subscribe('drafts:changed', ({ ids }) => void useEditorStore.getState().refresh(ids));
    window.addEventListener('pagehide', flush);
    window.addEventListener('blur', flush);
    window.addEventListener('keydown', onKey);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      offChanged();
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('blur', flush);
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('visibilitychange', onVisibility);
      // The editor goes away (another view): what was typed is saved now, not in 400 ms.
      flush();
    };
  }, []);
}

/** Names and values used before, for the category and the attributes; none when unavailable. */
function useSuggestions(draftId: string): DraftSuggestions | null {
  const [suggestions, setSuggestions] = useState<DraftSuggestions | null>(null);
  useEffect(() => {
    let live = true;
    call('drafts:suggestions', { draftId })
      .then((value) => live && setSuggestions(value))
      // Suggestions are a help, not a need: the fields work without them.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [draftId]);
  return suggestions;
}

/** Edits one draft: every field, validation beside each, autosave, and its photos. */
export function DraftEditor({ draftId }: { draftId: string }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const open = useEditorStore((s) => s.open);
  const draft = useEditorStore((s) => (s.draft?.id === draftId ? s.draft : null));
  const loadError = useEditorStore((s) => (s.draftId === draftId ? s.loadError : null));
  const rows = useEditorStore((s) => s.rows);
  const takePhotos = useEditorStore((s) => s.takePhotos);
  // The draft's own account, never the selected one: its imprints are the ones it can publish with.
  const account = useAccountsStore((s) => s.state?.accounts.find((a) => a.id === draft?.accountId));
  const suggestions = useSuggestions(draftId);
  const issues = useMemo(() => (draft ? validateDraft(draft) : []), [draft]);
  const { shown, touch, showAll } = useShownIssues(draftId, issues, rows);
  const headHeight = useHeadHeight();
  const byField = useMemo(() => groupIssues(shown), [shown]);

  useSaveTriggers();
  useEffect(() => {
    void open(draftId);
  }, [open, draftId]);

  if (!draft) {
    return (
      <section className="draft-editor" aria-label={t('editor.label')} data-draft-id={draftId}>
        {loadError ? (
          <p className="banner error" role="alert">
            {t('editor.loadFailed', { message: loadError })}
          </p>
        ) : (
          <p className="muted">{t('editor.loading')}</p>
        )}
      </section>
    );
  }

  const photoIssues = issuesOf(byField, 'photos');
  const inConflict = shopConflictsOf(draft).length > 0;
  // Publish with something missing shows every field's problem and leads to the summary.
  const notReady = () => {
    showAll();
    document.querySelector<HTMLElement>('[data-testid="editor-summary"] button')?.focus();
  };
  return (
    <section
      ref={headHeight}
      className="draft-editor"
      aria-label={t('editor.label')}
      data-draft-id={draftId}
      onInput={touch}
      onBlur={touch}
    >
      <EditorHeader
        title={draft.title}
        status={draft.status}
        inConflict={inConflict}
        createdAt={draft.createdAt}
        updatedAt={draft.updatedAt}
      />
      <PublishBar draft={draft} issueCount={issues.length} onNotReady={notReady} />
      <ScheduleBar draft={draft} />
      <ShopConflicts draft={draft} />
      {/* Once published, being published or failed, the bar says where the draft stands; "ready to
          publish" beside it would contradict it. What is left to fix is always shown. */}
      {(issues.length > 0 ||
        (!draft.remote?.publicationUuid && (draft.status === 'draft' || draft.status === 'ready'))) && (
        <IssueSummary issues={issues} rows={rows} inConflict={inConflict} />
      )}
      {!draft.remote?.publicationUuid && <CatalogWarnings draft={draft} />}
      <ListingSection draft={draft} issues={byField} suggestions={suggestions} />
      <section
        className="editor-section"
        id={PHOTOS_SECTION_ID}
        tabIndex={-1}
        aria-labelledby="editor-photos-title"
        aria-describedby={photoIssues.length > 0 ? 'draft-photos-error' : undefined}
      >
        <h3 id="editor-photos-title">{t('editor.sections.photos')}</h3>
        <DraftPhotosPanel draft={draft} onChange={takePhotos} />
        {photoIssues.length > 0 && (
          <p id="draft-photos-error" className="field-error">
            {photoIssues.map(issueText).join(' ')}
          </p>
        )}
      </section>
      <OfferSection draft={draft} issues={byField} />
      <PriceRuleSection draft={draft} />
      <ContactSection draft={draft} issues={byField} />
      <PublicationSection draft={draft} issues={byField} account={account} />
    </section>
  );
}
