import { useTranslation } from 'react-i18next';
import { useImportStore } from '../../store/import-store';
import { failureText } from './import-words';

/** The last failed call of the wizard, in plain words. */
export function FailureBanner() {
  const { t } = useTranslation();
  const failure = useImportStore((s) => s.failure);
  if (!failure) return null;
  return (
    <div className="banner error" role="alert" data-testid="import-failure">
      <span>{failureText(t, failure)}</span>
    </div>
  );
}
