import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopAddDeskView } from '../../../../shared/ipc/contract-shop';
import { call } from '../../../ipc/client';
import { withoutPassword } from '../../../store/shop-store';
import {
  LOGIN_PATTERN,
  OwnerLoginFields,
  shopFailureOf,
  useFirstField,
  type ShopFormFailure,
  ShopFormEnd,
} from './ShopOwnerLogin';

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
  const [failure, setFailure] = useState<ShopFormFailure>();
  const first = useFirstField();

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
        setFailure(shopFailureOf(error));
      })
      .finally(() => setBusy(false));
  };

  return (
    <form className="account-form" onSubmit={submit} aria-label={t('shop.addDesk.title')} aria-busy={busy}>
      <h3>{t('shop.addDesk.title')}</h3>
      <p className="hint shop-form-intro">{t('shop.addDesk.intro')}</p>
      <OwnerLoginFields
        ids={ids}
        first={first}
        url={url}
        onUrl={setUrl}
        password={password}
        onPassword={setPassword}
        busy={busy}
      />
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
      <ShopFormEnd
        busy={busy}
        busyText={t('shop.addDesk.busy')}
        failure={failure}
        onCancel={onCancel}
        cancelText={t('shop.addDesk.cancel')}
        submitText={t('shop.addDesk.submit')}
        canSubmit={url.trim() !== ''}
      />
    </form>
  );
}
