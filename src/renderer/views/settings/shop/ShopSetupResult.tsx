import { useTranslation } from 'react-i18next';
import type { ShopInitView } from '../../../../shared/ipc/contract-shop';

/** What setting up the shop's database did, and how the desks come in, each with its own login. */
export function ShopSetupResult({ result }: { result: ShopInitView }) {
  const { t } = useTranslation();
  const version =
    result.from === result.to
      ? t('shop.initCurrent', { where: result.where, version: result.to })
      : result.from === 0
        ? t('shop.initCreated', { where: result.where, version: result.to })
        : t('shop.initUpgraded', { where: result.where, version: result.to, from: result.from });
  return (
    <div className="shop-setup-result" role="status" data-testid="shop-setup-result">
      <p className="test-result ok">{version}</p>
      <p>{t(result.roleCreated ? 'shop.roleMade' : 'shop.roleKept', { role: result.role })}</p>
      {result.deskLogin ? (
        <p>
          {t('shop.deskMade', { name: result.deskLogin.name })} <code>{result.deskLogin.url}</code>
        </p>
      ) : (
        <>
          <p>{t('shop.howToAddDesk')}</p>
          <pre className="shop-sql">
            {/* One login per desk (issue 32.4), as the README's commands make them. */}
            <code>
              {['desk_front', 'desk_back']
                .map(
                  (login, n) =>
                    `CREATE ROLE ${login} LOGIN PASSWORD '${t(n === 0 ? 'shop.choosePassword' : 'shop.chooseAnother')}' IN ROLE ${result.role};`,
                )
                .join('\n')}
            </code>
          </pre>
          <p>
            {t('shop.thenJoin')} <code>{result.exampleUrl}</code>
          </p>
        </>
      )}
    </div>
  );
}
