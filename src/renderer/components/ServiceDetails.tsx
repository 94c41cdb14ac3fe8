import { useTranslation } from 'react-i18next';
import { serviceDetails } from '../../shared/service-messages';

interface Props {
  status?: number;
  /** The service's own title and detail. */
  title?: string;
  detail?: string;
  /** The app's own message (in the app's language where main words it), when it says more than the title and detail. */
  message?: string;
}

/** The service's own words behind a seller's message, folded away under "Details". */
export function ServiceDetails({ status, title, detail, message }: Props) {
  const { t } = useTranslation();
  const said = serviceDetails({ status, title, detail });
  const extra = message && !said.includes(message.trim()) ? message.trim() : '';
  if (!said && !extra) return null;
  return (
    <details className="service-details">
      <summary>{t('common.details')}</summary>
      {said && (
        <p>
          <span className="muted">{t('common.serviceSaid')}: </span>
          <span lang="en">{said}</span>
        </p>
      )}
      {extra && <p className="muted small">{extra}</p>}
    </details>
  );
}
