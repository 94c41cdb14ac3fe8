import { useTranslation } from 'react-i18next';
import type { UnreadableListing } from '../../../shared/service/listing';

/** The items of the service's list that could not be read: named, with what is wrong, above the others. */
export function UnreadableListings({ items }: { items: readonly UnreadableListing[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section className="banner warning unreadable-listings" role="status" data-testid="listings-unreadable">
      <div>
        <strong>{t('listings.unreadableTitle', { count: items.length })}</strong>
        <p className="small">{t('listings.unreadableHelp')}</p>
        <ul>
          {items.map((item) => (
            <li key={`${item.index}-${item.uuid ?? ''}`} data-testid="listing-unreadable">
              <span>
                {item.uuid
                  ? t('listings.unreadableRow', { uuid: item.uuid })
                  : t('listings.unreadableNoId', { n: item.index + 1 })}
                {item.title && ` · “${item.title}”`}
                {item.customReference && ` · ${t('listings.reference')}: ${item.customReference}`}
              </span>
              <span className="muted small">
                {' '}
                —{' '}
                {item.fields.length > 0
                  ? t('listings.unreadableWhy', { fields: item.fields.join(', ') })
                  : t('listings.unreadableNotObject')}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
