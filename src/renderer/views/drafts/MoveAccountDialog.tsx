import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoveAccountResult, MoveStep } from '../../../shared/domain/drafts';
import type { AccountView } from '../../../shared/ipc/types';
import { useAccountsStore } from '../../store/accounts-store';
import { useDraftsStore } from '../../store/drafts-store';
import '../../components/confirm-dialog.css';

interface Props {
  ids: string[];
  /** The account the drafts belong to now (one draft), so another is offered first. */
  fromAccountId?: string | null;
  /** Called after the move or on Cancel; `moved` says which. The caller restores focus. */
  onClose(moved: boolean): void;
}

type Refused = Extract<MoveStep, { outcome: 'refused' }>;

/** What moving would change, said before anything changes: the main process plans it (dry run). */
function MovePlan({ plan, account }: { plan: MoveAccountResult; account: AccountView }) {
  const { t } = useTranslation();
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []);
  const nameOf = (id: string | null) =>
    accounts.find((a) => a.id === id)?.name ?? t('accountsApart.removedAccount');
  const moved = plan.steps.filter((step) => step.outcome === 'moved');
  const resets = moved.filter((step) => step.imprintReset).length;
  const unchanged = plan.steps.filter((step) => step.outcome === 'unchanged').length;
  const refused = plan.steps.filter((step): step is Refused => step.outcome === 'refused');
  const values = { account: account.name };
  const imprintKey = account.defaultImprintUuid ? 'imprintDefault' : 'imprintNone';
  return (
    <div data-testid="move-plan">
      {moved.length > 0 ? (
        <>
          <p>{t('accountsApart.move.willMove', { ...values, count: moved.length })}</p>
          {resets > 0 && <p>{t(`accountsApart.move.${imprintKey}`, { ...values, count: resets })}</p>}
          <p className="muted">{t('accountsApart.move.keeps')}</p>
        </>
      ) : (
        <p>
          <strong>{t('accountsApart.move.nothing')}</strong>
        </p>
      )}
      {unchanged > 0 && <p>{t('accountsApart.move.unchanged', { ...values, count: unchanged })}</p>}
      {refused.length > 0 && (
        <ul className="move-refused">
          {refused.map((step) => (
            <li key={step.id}>
              {t(
                step.reason === 'linked'
                  ? 'accountsApart.move.refusedLinked'
                  : 'accountsApart.move.refusedPublishing',
                {
                  title: step.title.trim() || t('accountsApart.move.untitled'),
                  account: nameOf(step.fromAccountId),
                },
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Moves drafts to another account, an explicit action (issue 15.1): the seller picks the account
 * and reads what changes (imprints, drafts that cannot move and why) before confirming. A modal
 * <dialog>; Escape and Cancel close it without a change.
 */
export function MoveAccountDialog({ ids, fromAccountId, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []);
  const activeId = useAccountsStore((s) => s.state?.activeId);
  const [target, setTarget] = useState(
    () =>
      accounts.find((a) => a.id !== fromAccountId && a.id === activeId)?.id ??
      accounts.find((a) => a.id !== fromAccountId)?.id ??
      accounts[0]?.id ??
      '',
  );
  const [plan, setPlan] = useState<MoveAccountResult | null>(null);
  const [busy, setBusy] = useState(false);
  const account = accounts.find((a) => a.id === target);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    select.current?.focus();
    return () => element.close();
  }, []);

  // Each choice of account is planned afresh; an answer for an earlier choice is dropped.
  useEffect(() => {
    let live = true;
    setPlan(null);
    if (target !== '')
      void useDraftsStore
        .getState()
        .moveAccount(ids, target, true)
        .then((result) => live && setPlan(result));
    return () => {
      live = false;
    };
  }, [ids, target]);

  const movable = plan?.steps.filter((step) => step.outcome === 'moved').length ?? 0;
  const confirm = async () => {
    setBusy(true);
    const result = await useDraftsStore.getState().moveAccount(ids, target, false);
    setBusy(false);
    onClose(result !== null);
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog move-account-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose(false);
      }}
    >
      <h2 id={`${id}-title`}>{t('accountsApart.move.title', { count: ids.length })}</h2>
      <div className="confirm-dialog-body">
        <label className="move-target">
          <span>{t('accountsApart.move.target')}</span>
          <select ref={select} value={target} disabled={busy} onChange={(e) => setTarget(e.target.value)}>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <div aria-live="polite">
          {plan && account ? (
            <MovePlan plan={plan} account={account} />
          ) : (
            <p className="muted">{t('accountsApart.move.checking')}</p>
          )}
        </div>
      </div>
      <div className="confirm-dialog-actions">
        <button type="button" onClick={() => onClose(false)} disabled={busy}>
          {t('accountsApart.move.cancel')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void confirm()}
          disabled={busy || movable === 0}
        >
          {t('accountsApart.move.confirm', { count: movable })}
        </button>
      </div>
    </dialog>
  );
}
