import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { adPreviewOf, type LiveAdContext } from '../../../shared/domain/drafts';
import type { Draft } from '../../../shared/domain/drafts';
import type { ListingView } from '../../../shared/ipc/types';
import { useMessageLanguage } from '../../components/problem-text';
import { call } from '../../ipc/client';
import { useAccountsStore } from '../../store/accounts-store';
import { useCatalog } from '../../store/catalog-store';
import { useLiveStore } from '../../store/live-store';
import { draftPhotoAddress, livePhotoAddress } from './PreviewGallery';
import { PreviewDialog } from './PreviewDialog';

/**
 * A Preview button and, while open, its dialog; focus comes back to the button on close. The
 * dialog goes to <body>: a button may sit in a live region (the publish bar's status), which must
 * not read a whole ad aloud.
 */
function usePreviewToggle() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  // Focus moves back once the modal dialog is gone: while it is open, the page behind it is inert.
  useEffect(() => {
    if (open || !closed.current) return;
    closed.current = false;
    button.current?.focus();
  }, [open]);
  const close = () => {
    closed.current = true;
    setOpen(false);
  };
  return { open, button, show: () => setOpen(true), close };
}

function OpenButton({ toggle }: { toggle: ReturnType<typeof usePreviewToggle> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      ref={toggle.button}
      aria-haspopup="dialog"
      title={t('preview.openLabel')}
      onClick={toggle.show}
    >
      {t('preview.open')}
    </button>
  );
}

/** Previews a draft as typed so far (saved or not), with its account's imprint. */
export function DraftPreviewButton({ draft }: { draft: Draft }) {
  const toggle = usePreviewToggle();
  const language = useMessageLanguage();
  // The catalog's labels are wanted once the preview opens (the editor's button alone does not load it).
  const catalog = useCatalog(toggle.open)?.view;
  // The draft's own account; the selected one for a draft stored without one (as the editor does).
  const account = useAccountsStore((s) => {
    const accounts = s.state?.accounts ?? [];
    return accounts.find((a) => a.id === draft.accountId) ?? accounts.find((a) => a.id === s.state?.activeId);
  });
  return (
    <>
      <OpenButton toggle={toggle} />
      {toggle.open &&
        createPortal(
          <PreviewDialog
            preview={adPreviewOf(draft, account ?? null, { language, catalog })}
            address={draftPhotoAddress}
            onClose={toggle.close}
          />,
          document.body,
        )}
    </>
  );
}

/** What the app knows of a live ad beyond the listing, read when its preview opens. */
function useLiveContext(listing: ListingView, open: boolean): LiveAdContext {
  const uuid = listing.uuid;
  const [known, setKnown] = useState<{ uuid: string; context: LiveAdContext } | null>(null);
  const publications = useLiveStore((s) => (s.publications.uuid === uuid ? s.publications.items : null));
  useEffect(() => {
    if (!open) return;
    let current = true;
    void (async () => {
      // Helps, not needs: without them the preview shows what the listing itself says.
      const source = await call('listings:edit-source', { uuid }).catch(() => null);
      const linked = source?.linkedDraftId
        ? await call('drafts:get', { id: source.linkedDraftId }).catch(() => null)
        : null;
      const context: LiveAdContext = {
        category: source?.category ?? null,
        linkedPlace: linked?.publication ?? null,
        imprintUuid: linked?.publication.imprintUuid ?? null,
      };
      if (current) setKnown({ uuid, context });
    })();
    return () => {
      current = false;
    };
  }, [open, uuid]);
  const read = publications?.find((publication) => publication.postalCode)?.postalCode ?? null;
  return { ...(known?.uuid === uuid ? known.context : {}), publicationPostalCode: read };
}

/** Previews a live listing of the selected account, with what its linked draft adds. */
export function ListingPreviewButton({ listing }: { listing: ListingView }) {
  const toggle = usePreviewToggle();
  const language = useMessageLanguage();
  // The catalog's labels are wanted once the preview opens (the editor's button alone does not load it).
  const catalog = useCatalog(toggle.open)?.view;
  const account = useAccountsStore((s) => s.state?.accounts.find((a) => a.id === s.state?.activeId));
  const live = useLiveContext(listing, toggle.open);
  return (
    <>
      <OpenButton toggle={toggle} />
      {toggle.open &&
        createPortal(
          <PreviewDialog
            preview={adPreviewOf(listing, account ?? null, { language, live, catalog })}
            address={livePhotoAddress}
            onClose={toggle.close}
          />,
          document.body,
        )}
    </>
  );
}
