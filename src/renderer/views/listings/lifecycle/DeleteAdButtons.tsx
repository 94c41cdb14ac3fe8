import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingView } from '../../../../shared/ipc/types';
import { ConfirmDialog, useFocusAfterClose } from '../../../components/ConfirmDialog';
import { useRoleGate } from '../../../components/RoleGate';
import { FailureNote } from './FailureNote';
import { useLifecycleStore } from './lifecycle-store';

/**
 * Delete… and Sold… for the open ad. Each asks first, naming the ad and saying what happens to it
 * and to its draft; Escape or Cancel puts focus back on the button, a done delete moves it to the
 * notice that replaces the ad. A service that does not offer deleting is said next to the buttons.
 */
export function DeleteAdButtons({ listing }: { listing: Pick<ListingView, 'uuid' | 'title'> }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'delete' | 'sold' | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const soldButton = useRef<HTMLButtonElement>(null);
  const busy = useLifecycleStore((s) => s.busy[listing.uuid]);
  const failure = useLifecycleStore((s) => s.failures[listing.uuid]);
  const failureId = `lifecycle-failure-${listing.uuid}`;
  const focusLater = useFocusAfterClose();
  const soldGate = useRoleGate('end');
  const deleteGate = useRoleGate('end');

  const close = (kind: 'delete' | 'sold') => {
    setAsking(null);
    focusLater((kind === 'sold' ? soldButton : deleteButton).current);
  };
  const confirm = async (kind: 'delete' | 'sold') => {
    const done = await useLifecycleStore.getState().deleteAd(listing, kind === 'sold');
    // Gone: the notice that replaces the ad takes focus. Not done: back to the button, the reason beside it.
    if (done) setAsking(null);
    else close(kind);
  };

  return (
    <>
      {soldGate.wrap(
        <button
          type="button"
          ref={soldButton}
          onClick={soldGate.guard(() => setAsking('sold'))}
          disabled={busy !== undefined}
          {...soldGate.control(failure ? failureId : undefined)}
        >
          {busy === 'sold' ? t('lifecycle.sold.busy') : t('lifecycle.sold.button')}
        </button>,
      )}
      {deleteGate.wrap(
        <button
          type="button"
          className="danger"
          ref={deleteButton}
          onClick={deleteGate.guard(() => setAsking('delete'))}
          disabled={busy !== undefined}
          {...deleteGate.control(failure ? failureId : undefined)}
        >
          {busy === 'delete' ? t('lifecycle.delete.busy') : t('lifecycle.delete.button')}
        </button>,
      )}
      {failure && <FailureNote failure={failure} kind="delete" id={failureId} />}
      {asking && (
        <ConfirmDialog
          title={t(`lifecycle.${asking}.title`, { title: listing.title })}
          body={
            <>
              <p>{t(`lifecycle.${asking}.what`)}</p>
              <p>{t(`lifecycle.${asking}.draft`)}</p>
            </>
          }
          confirmLabel={t(`lifecycle.${asking}.confirm`)}
          danger
          busy={busy !== undefined}
          onConfirm={() => void confirm(asking)}
          onCancel={() => close(asking)}
        />
      )}
    </>
  );
}
