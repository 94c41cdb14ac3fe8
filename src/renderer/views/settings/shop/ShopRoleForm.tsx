import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deskRoles,
  type DeskRole,
  type ShopDeskLoginView,
  type ShopSetRoleView,
} from '../../../../shared/ipc/contract-shop';
import { call } from '../../../ipc/client';
import { withoutPassword } from '../../../store/shop-store';
import {
  OwnerLoginFields,
  shopFailureOf,
  useFirstField,
  type ShopFormFailure,
  ShopFormEnd,
} from './ShopOwnerLogin';

/**
 * "Change a desk's role" (issue 37.1): one desk login moved into another role with the database
 * owner's login, as `shop role` does. The owner's password lives in this form only and goes with
 * the one call (cleared whatever its outcome).
 */
export function ShopRoleForm({
  startUrl,
  logins,
  onChanged,
  onCancel,
}: {
  startUrl: string;
  logins: ShopDeskLoginView[];
  /** The change made, and the owner's address used (without a password). */
  onChanged(changed: ShopSetRoleView, ownerUrl: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const first = useFirstField();
  const [url, setUrl] = useState(startUrl);
  const [password, setPassword] = useState('');
  const [login, setLogin] = useState(logins[0]?.login ?? '');
  const [role, setRole] = useState<DeskRole>(logins[0]?.role ?? 'publish');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ShopFormFailure>();

  const pick = (name: string) => {
    setLogin(name);
    const found = logins.find((entry) => entry.login === name);
    if (found) setRole(found.role);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    const typed = password;
    // Sent once; the field is emptied at once, whatever the answer.
    setPassword('');
    call('shop:set-role', { url: url.trim(), ...(typed && { password: typed }), login, role })
      .then((changed) => onChanged(changed, withoutPassword(url.trim())))
      .catch((error: unknown) => setFailure(shopFailureOf(error)))
      .finally(() => setBusy(false));
  };

  return (
    <form
      className="account-form"
      onSubmit={submit}
      aria-label={t('shop.roles.formTitle')}
      aria-busy={busy}
      data-testid="shop-role-form"
    >
      <h3>{t('shop.roles.formTitle')}</h3>
      <p className="hint shop-form-intro">{t('shop.roles.formIntro')}</p>
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
        <span>{t('shop.roles.whichLogin')}</span>
        <select id={`${ids}-login`} value={login} onChange={(e) => pick(e.target.value)} disabled={busy}>
          {logins.map((entry) => (
            <option key={entry.login} value={entry.login}>
              {entry.desks.length > 0 ? `${entry.login} (${entry.desks.join(', ')})` : entry.login}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="shop-password-choice" disabled={busy}>
        <legend>{t('shop.roles.newRole')}</legend>
        {deskRoles.map((choice) => (
          <label key={choice} className="shop-check">
            <input
              type="radio"
              name={`${ids}-role`}
              value={choice}
              checked={role === choice}
              onChange={() => setRole(choice)}
            />
            {t(`shop.roles.what.${choice}`)}
          </label>
        ))}
      </fieldset>
      <ShopFormEnd
        busy={busy}
        busyText={t('shop.roles.busy')}
        failure={failure}
        onCancel={onCancel}
        cancelText={t('shop.roles.cancel')}
        submitText={t('shop.roles.submit')}
        canSubmit={url.trim() !== '' && login !== ''}
      />
    </form>
  );
}
