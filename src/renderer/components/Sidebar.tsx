import { useTranslation } from 'react-i18next';
import type { ViewName } from '../../shared/ipc/types';
import { useAppStore } from '../store/app-store';
import { Icon } from './Icon';

const items: ViewName[] = ['drafts', 'listings', 'publishing', 'settings'];

/** The app's navigation: one entry per view, reachable by keyboard. */
export function Sidebar() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const navigate = useAppStore((s) => s.navigate);
  return (
    <nav className="sidebar" aria-label={t('app.navigation')}>
      <div className="brand">
        <img src="./icon.svg" alt="" width={28} height={28} />
        <span>{t('app.name')}</span>
      </div>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <button
              type="button"
              className="nav-item"
              aria-current={view === item ? 'page' : undefined}
              onClick={() => navigate(item)}
            >
              <Icon name={item} />
              <span>{t(`nav.${item}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
