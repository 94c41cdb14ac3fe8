// The live ad's edit form IS the draft editor: its Listing, Offer and Contact sections (category
// combobox with the full path, the attributes editor, the price and type controls) bound to a
// draft-shaped value of the listing instead of the editor store's open draft. Chosen over a second
// set of controls because it reuses everything (suggestions, validation beside each field, seller
// words for codes) and the two can never drift apart again; saving still sends only the changed
// fields through `listings:update`. The full category path comes from the linked draft (main's
// `listings:edit-source`), since a service may answer only its last segment. On a desk that must ask
// (issue 37.4: prepare, or the owner's rule) Save reads "Ask to save" and the same changed fields
// become a change request (`approvals:ask`) that another desk approves; nothing is sent from here.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../shared/domain/drafts';
import type { DraftSuggestions, ListingView } from '../../../shared/ipc/types';
import { call } from '../../ipc/client';
import { attributesOf, rowsOf, type AttributeRow } from '../../store/attribute-rows';
import { useAsksForLive } from '../../store/approvals-store';
import { useLiveStore } from '../../store/live-store';
import { ContactSection } from '../drafts/editor/ContactSection';
import { DraftBindingProvider, type DraftBinding } from '../drafts/editor/draft-binding';
import { groupIssues } from '../drafts/editor/draft-issues';
import { ListingSection } from '../drafts/editor/ListingSection';
import { OfferSection } from '../drafts/editor/OfferSection';
import { draftOfListing, liveFormIssues, patchOf } from './listing-form';
import '../drafts/editor/editor.css';
import './edit/live-edit.css';

interface Start {
  draft: Draft;
  linkedDraftId: string | null;
}

/** Reads where the form starts: the listing now, its full category and its linked draft. */
function useStart(listing: ListingView, language: string) {
  const [start, setStart] = useState<Start | null>(null);
  const [suggestions, setSuggestions] = useState<DraftSuggestions | null>(null);
  useEffect(() => {
    let live = true;
    call('listings:edit-source', { uuid: listing.uuid })
      .then((source) => {
        if (live)
          setStart({
            draft: draftOfListing(source.listing, source.category, language),
            linkedDraftId: source.linkedDraftId,
          });
      })
      // Without it the listing as shown is the start; only the full category path is missing.
      .catch(
        () =>
          live &&
          setStart({ draft: draftOfListing(listing, listing.category, language), linkedDraftId: null }),
      );
    call('drafts:suggestions')
      .then((value) => live && setSuggestions(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The form starts once per opening; later reads of the listing do not overwrite what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listing.uuid]);
  return { start, suggestions };
}

/** Changes a live ad with the draft editor's controls; only what changed is sent, to every publication. */
export function ListingEditForm({ listing, onClose }: { listing: ListingView; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { start, suggestions } = useStart(listing, i18n.language);
  if (!start) {
    return (
      <p className="muted live-form" role="status">
        {t('liveEdit.form.loading')}
      </p>
    );
  }
  return <LiveEditor start={start.draft} suggestions={suggestions} onClose={onClose} uuid={listing.uuid} />;
}

function LiveEditor({
  uuid,
  start,
  suggestions,
  onClose,
}: {
  uuid: string;
  start: Draft;
  suggestions: DraftSuggestions | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(start);
  const [rows, setRows] = useState<AttributeRow[]>(() => rowsOf(start.attributes));
  const [note, setNote] = useState<'nothing' | 'fix' | null>(null);
  const busy = useLiveStore((s) => s.busy === 'save');
  const asks = useAsksForLive();
  const issues = useMemo(() => liveFormIssues(draft), [draft]);
  const byField = useMemo(() => groupIssues(issues), [issues]);
  const binding: DraftBinding = {
    edit: (change) => setDraft((current) => change(current)),
    rows,
    setRows: (next) => {
      setRows(next);
      setDraft((current) => ({ ...current, attributes: attributesOf(next) }));
    },
  };

  const save = async () => {
    if (issues.length > 0) {
      setNote('fix');
      return;
    }
    const patch = patchOf(start, draft);
    if (Object.keys(patch).length === 0) {
      setNote('nothing');
      return;
    }
    setNote(null);
    const live = useLiveStore.getState();
    if (await (asks ? live.askChange(uuid, patch) : live.update(uuid, patch))) onClose();
  };

  return (
    <form
      className="panel live-form live-editor"
      aria-labelledby="live-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <h2 id="live-form-title">{t('live.editTitle')}</h2>
      <p className="hint" id="live-form-hint">
        {t(asks ? 'live.ask.hint' : 'live.reachesAll')}
      </p>
      <DraftBindingProvider value={binding}>
        <ListingSection draft={draft} issues={byField} suggestions={suggestions} />
        <OfferSection draft={draft} issues={byField} />
        <ContactSection draft={draft} issues={byField} />
      </DraftBindingProvider>
      {note && (
        <p className={note === 'fix' ? 'field-error' : 'hint'} role={note === 'fix' ? 'alert' : 'status'}>
          {note === 'fix' ? t('liveEdit.form.fixFirst', { count: issues.length }) : t('live.noChanges')}
        </p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="primary"
          disabled={busy}
          {...(asks ? { 'aria-describedby': 'live-form-hint' } : {})}
        >
          {busy ? t(asks ? 'live.ask.asking' : 'live.saving') : t(asks ? 'live.ask.save' : 'live.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('live.cancel')}
        </button>
      </div>
    </form>
  );
}
