// What setting up a shop and adding a desk both ask: the database owner's address and password
// (used for the one call, kept nowhere), and how a refusal of either reaches the form.
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { IpcError } from '../../../../shared/ipc/envelope';

/** The login names the app makes: as main's contract takes them (plain lower-case). */
export const LOGIN_PATTERN = '[a-z_][a-z0-9_]{0,62}';

/** A refused call in the form's words: the message, and main's shop problem code where it gave one. */
export interface ShopFormFailure {
  message: string;
  problem?: string | undefined;
}

/** The failure a form shows for `error`. */
export function shopFailureOf(error: unknown): ShopFormFailure {
  const shop = error instanceof IpcError ? (error.details as { shop?: string } | undefined)?.shop : undefined;
  return { message: error instanceof Error ? error.message : String(error), problem: shop };
}

/** The form's first field, focused and scrolled into view when the form opens. */
export function useFirstField(): RefObject<HTMLInputElement | null> {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
    first.current?.scrollIntoView({ block: 'center' });
  }, []);
  return first;
}

/** The owner's address and password fields. */
export function OwnerLoginFields({
  ids,
  first,
  url,
  onUrl,
  password,
  onPassword,
  busy,
}: {
  ids: string;
  first: RefObject<HTMLInputElement | null>;
  url: string;
  onUrl(url: string): void;
  password: string;
  onPassword(password: string): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field wide" htmlFor={`${ids}-url`}>
        <span>{t('shop.ownerUrl')}</span>
        <input
          id={`${ids}-url`}
          ref={first}
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => onUrl(e.target.value)}
          placeholder={t('shop.ownerUrlPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          required
        />
        <small className="hint">{t('shop.ownerUrlHint')}</small>
      </label>
      <label className="field wide" htmlFor={`${ids}-password`}>
        <span>{t('shop.ownerPassword')}</span>
        <input
          id={`${ids}-password`}
          type="password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          autoComplete="off"
          disabled={busy}
        />
        <small className="hint">{t('shop.ownerPasswordHint')}</small>
      </label>
    </>
  );
}

/** The end of a form that asks the database's owner: what is under way, what failed, Cancel and submit. */
export function ShopFormEnd(props: {
  busy: boolean;
  busyText: string;
  failure: ShopFormFailure | undefined;
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  canSubmit: boolean;
}) {
  return (
    <>
      {props.busy && (
        <p className="test-result" role="status">
          {props.busyText}
        </p>
      )}
      {props.failure && (
        <p className="test-result failed" role="alert" data-problem={props.failure.problem}>
          {props.failure.message}
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={props.onCancel} disabled={props.busy}>
          {props.cancelText}
        </button>
        <button type="submit" className="primary" disabled={props.busy || !props.canSubmit}>
          {props.submitText}
        </button>
      </div>
    </>
  );
}
