import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ShopDeskLoginView,
  ShopSetRoleView,
  ShopStatusView,
} from '../../../../shared/ipc/contract-shop';
import { call } from '../../../ipc/client';
import { useShopStore } from '../../../store/shop-store';
import { ShopRoleForm } from './ShopRoleForm';

/**
 * Settings → Team's roles (issue 37.1): this desk's role, every desk login of the team with its
 * role and desks (as `shop desks` lists them), and changing one with the owner's login.
 */
export function ShopTeamRoles({ status }: { status: ShopStatusView }) {
  const { t } = useTranslation();
  const [logins, setLogins] = useState<ShopDeskLoginView[]>();
  const [readFailed, setReadFailed] = useState<string>();
  const [open, setOpen] = useState(0);
  const [changed, setChanged] = useState<ShopSetRoleView>();
  const ownerUrl = useShopStore((s) => s.ownerUrl);
  const [lastUrl, setLastUrl] = useState(ownerUrl ?? '');
  const connected = status.link?.state === 'connected';
  const read = useCallback(() => {
    call('shop:desks')
      .then((found) => {
        setLogins(found.logins);
        setReadFailed(undefined);
      })
      .catch((error: unknown) => setReadFailed(error instanceof Error ? error.message : String(error)));
  }, []);
  // Read again when this desk's role or the link moves (another desk may have changed a role).
  useEffect(() => {
    if (connected) read();
  }, [read, connected, status.role]);
  const role = (name: string) => t(`teamRoles.role.${name}`);

  return (
    <div className="shop-roles" data-testid="shop-roles">
      <h3>{t('shop.roles.title')}</h3>
      <p className="hint">{t('shop.roles.intro')}</p>
      <p data-testid="shop-own-role">
        {status.role === undefined
          ? t('shop.roles.yoursUnknown')
          : t('shop.roles.yours', { role: role(status.role ?? 'none') })}
      </p>
      <ul className="shop-role-words">
        {(['prepare', 'publish', 'owner'] as const).map((name) => (
          <li key={name}>{t(`shop.roles.what.${name}`)}</li>
        ))}
      </ul>
      {readFailed && (
        <p className="test-result failed" role="alert">
          {t('shop.roles.readFailed', { message: readFailed })}
        </p>
      )}
      {changed && (
        <p className="test-result ok" role="status" data-testid="shop-role-changed">
          {changed.from === changed.to
            ? t('shop.roles.unchanged', { login: changed.login, role: role(changed.to) })
            : t('shop.roles.changed', {
                login: changed.login,
                role: role(changed.to),
                from: role(changed.from),
              })}
        </p>
      )}
      {logins && logins.length > 0 && (
        <table className="shop-desks" data-testid="shop-role-table">
          <caption>{t('shop.roles.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shop.roles.login')}</th>
              <th scope="col">{t('shop.roles.role')}</th>
              <th scope="col">{t('shop.roles.desks')}</th>
            </tr>
          </thead>
          <tbody>
            {logins.map((entry) => (
              <tr key={entry.login} data-login={entry.login}>
                <td>
                  <code>{entry.login}</code>
                  {entry.self && <> {t('shop.roles.thisDesk')}</>}
                </td>
                <td>{role(entry.role)}</td>
                <td>{entry.desks.length > 0 ? entry.desks.join(', ') : t('shop.roles.noDesk')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open > 0 && logins ? (
        <ShopRoleForm
          key={open}
          startUrl={lastUrl}
          logins={logins}
          onChanged={(view, used) => {
            setLastUrl(used);
            setChanged(view);
            setOpen(0);
            read();
          }}
          onCancel={() => setOpen(0)}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            onClick={() => {
              setChanged(undefined);
              setOpen((n) => n + 1);
            }}
            disabled={!logins || logins.length === 0}
          >
            {t('shop.roles.change')}
          </button>
        </div>
      )}
    </div>
  );
}
