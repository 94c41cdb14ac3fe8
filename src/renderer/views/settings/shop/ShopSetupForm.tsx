import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopStore } from '../../../store/shop-store';
import {
  LOGIN_PATTERN,
  OwnerLoginFields,
  shopFailureOf,
  useFirstField,
  type ShopFormFailure,
  ShopFormEnd,
} from './ShopOwnerLogin';

/**
 * Setting up (or upgrading) a shop's database with its owner's login, as `shop init` does (issue
 * 24.1); optionally making a desk login. The owner's password lives in this form only.
 */
export function ShopSetupForm({ startUrl }: { startUrl: string }) {
  const { t } = useTranslation();
  const ids = useId();
  const { init, openSetup } = useShopStore.getState();
  const [url, setUrl] = useState(startUrl);
  const [password, setPassword] = useState('');
  const [makeDesk, setMakeDesk] = useState(true);
  const [login, setLogin] = useState('desk_front');
  const [loginPassword, setLoginPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ShopFormFailure>();
  const first = useFirstField();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    init({
      url: url.trim(),
      ...(password && { password }),
      ...(makeDesk && { deskLogin: { name: login.trim(), password: loginPassword } }),
    })
      .catch((error: unknown) => {
        setFailure(shopFailureOf(error));
      })
      .finally(() => setBusy(false));
  };

  return (
    <form className="account-form" onSubmit={submit} aria-label={t('shop.setupTitle')} aria-busy={busy}>
      <h3>{t('shop.setupTitle')}</h3>
      <p className="hint shop-form-intro">{t('shop.setupIntro')}</p>
      <OwnerLoginFields
        ids={ids}
        first={first}
        url={url}
        onUrl={setUrl}
        password={password}
        onPassword={setPassword}
        busy={busy}
      />
      <label className="shop-check">
        <input
          type="checkbox"
          checked={makeDesk}
          onChange={(e) => setMakeDesk(e.target.checked)}
          disabled={busy}
        />
        {t('shop.makeDesk')}
      </label>
      {makeDesk && (
        <div className="shop-login-fields">
          <label className="field" htmlFor={`${ids}-login`}>
            <span>{t('shop.deskLogin')}</span>
            <input
              id={`${ids}-login`}
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              pattern={LOGIN_PATTERN}
              title={t('shop.deskLoginHint')}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              required
            />
            <small className="hint">{t('shop.deskLoginHint')}</small>
          </label>
          <label className="field" htmlFor={`${ids}-login-password`}>
            <span>{t('shop.deskLoginPassword')}</span>
            <input
              id={`${ids}-login-password`}
              type="password"
              value={loginPassword}
              onChange={(e) => setLoginPassword(e.target.value)}
              minLength={8}
              autoComplete="new-password"
              disabled={busy}
              required
            />
            <small className="hint">{t('shop.deskLoginPasswordHint')}</small>
          </label>
        </div>
      )}
      <ShopFormEnd
        busy={busy}
        busyText={t('shop.settingUp')}
        failure={failure}
        onCancel={() => openSetup(undefined)}
        cancelText={t('shop.setupCancel')}
        submitText={t('shop.setUp')}
        canSubmit={url.trim() !== ''}
      />
    </form>
  );
}
