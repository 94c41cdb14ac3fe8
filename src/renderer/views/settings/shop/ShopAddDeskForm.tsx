import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopAddDeskView } from '../../../../shared/ipc/contract-shop';
import { IpcError } from '../../../../shared/ipc/envelope';
import { call } from '../../../ipc/client';
import { withoutPassword } from '../../../store/shop-store';

/** The login names the app makes: as main's contract takes them (plain lower-case). */
const LOGIN_PATTERN = '[a-z_][a-z0-9_]{0,62}';

/**
 * "Add a desk" (issue 32.4): one more desk's login in the desks' role, made with the database
 * owner's login, as `shop add-desk` does. The owner's password lives in this form only.
 */
export function ShopAddDeskForm({
  startUrl,
  onMade,
  onCancel,
}: {
  startUrl: string;
  /** The login made (with its password when main made it, for the one showing), and the owner's address used. */
  onMade(made: ShopAddDeskView, ownerUrl: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [url, setUrl] = useState(startUrl);
  const [password, setPassword] = useState('');
  const [login, setLogin] = useState('');
  const [makePassword, setMakePassword] = useState(true);
  const [loginPassword, setLoginPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; problem?: string }>();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
    first.current?.scrollIntoView({ block: 'center' });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    call('shop:add-desk', {
      url: url.trim(),
      ...(password && { password }),
      login: { name: login.trim(), ...(!makePassword && { password: loginPassword }) },
    })
      .then((made) => {
        setPassword('');
        setLoginPassword('');
        onMade(made, withoutPassword(url.trim()));
      })
      .catch((error: unknown) => {
        const shop =
          error instanceof IpcError ? (error.details as { shop?: string } | undefined)?.shop : undefined;
        setFailure({ message: error instanceof Error ? error.message : String(error), problem: shop });
      })
      .finally(() => setBusy(false));
  };

  return (
    <form className="account-form" onSubmit={submit} aria-label={t('shop.addDesk.title')} aria-busy={busy}>
      <h3>{t('shop.addDesk.title')}</h3>
      <p className="hint shop-form-intro">{t('shop.addDesk.intro')}</p>
      <label className="field wide" htmlFor={`${ids}-url`}>
        <span>{t('shop.ownerUrl')}</span>
        <input
          id={`${ids}-url`}
          ref={first}
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
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
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
          disabled={busy}
        />
        <small className="hint">{t('shop.ownerPasswordHint')}</small>
      </label>
      <label className="field" htmlFor={`${ids}-login`}>
        <span>{t('shop.addDesk.login')}</span>
        <input
          id={`${ids}-login`}
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          placeholder={t('shop.addDesk.loginPlaceholder')}
          pattern={LOGIN_PATTERN}
          title={t('shop.addDesk.loginHint')}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          required
        />
        <small className="hint">{t('shop.addDesk.loginHint')}</small>
      </label>
      <fieldset className="shop-password-choice" disabled={busy}>
        <legend>{t('shop.addDesk.passwordChoice')}</legend>
        <label className="shop-check">
          <input
            type="radio"
            name={`${ids}-choice`}
            checked={makePassword}
            onChange={() => setMakePassword(true)}
          />
          {t('shop.addDesk.makePassword')}
        </label>
        <label className="shop-check">
          <input
            type="radio"
            name={`${ids}-choice`}
            checked={!makePassword}
            onChange={() => setMakePassword(false)}
          />
          {t('shop.addDesk.typePassword')}
        </label>
        {!makePassword && (
          <label className="field" htmlFor={`${ids}-login-password`}>
            <span>{t('shop.addDesk.password')}</span>
            <input
              id={`${ids}-login-password`}
              type="password"
              value={loginPassword}
              onChange={(e) => setLoginPassword(e.target.value)}
              minLength={8}
              autoComplete="new-password"
              required
            />
            <small className="hint">{t('shop.addDesk.passwordHint')}</small>
          </label>
        )}
      </fieldset>
      {busy && (
        <p className="test-result" role="status">
          {t('shop.addDesk.busy')}
        </p>
      )}
      {failure && (
        <p className="test-result failed" role="alert" data-problem={failure.problem}>
          {failure.message}
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={onCancel} disabled={busy}>
          {t('shop.addDesk.cancel')}
        </button>
        <button type="submit" className="primary" disabled={busy || url.trim() === ''}>
          {t('shop.addDesk.submit')}
        </button>
      </div>
    </form>
  );
}
