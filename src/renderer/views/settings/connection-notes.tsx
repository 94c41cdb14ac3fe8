// Small lines of the accounts panel about how an account connects: its Authorization setting with
// the form detected under Automatic, and what a connection test used or tried.
import { useTranslation } from 'react-i18next';
import type { AccountView, AuthForm, ConnectionUsed } from '../../../shared/ipc/types';

/** The seller's name of an Authorization form. */
export function useAuthFormName(): (form: AuthForm) => string {
  const { t } = useTranslation();
  return (form) => (form === 'bearer' ? t('accounts.authFormBearer') : t('accounts.authFormBare'));
}

/** "detected: bare token", or that nothing was detected yet. */
export function useDetectedText(): (form: AuthForm | null) => string {
  const { t } = useTranslation();
  const formName = useAuthFormName();
  return (form) =>
    form ? t('accounts.authDetected', { form: formName(form) }) : t('accounts.authNotDetected');
}

/** The account's Authorization setting, with the detected form under Automatic. */
export function AuthSummary({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const formName = useAuthFormName();
  const detected = useDetectedText();
  return (
    <div className="muted small" data-testid="auth-summary">
      {account.authScheme === 'auto'
        ? t('accounts.authSummaryAuto', { detected: detected(account.detectedAuthForm) })
        : t('accounts.authSummaryFixed', { form: formName(account.authScheme) })}
    </div>
  );
}

/** What a successful test used, and whether the addresses were read differently from how they were typed. */
export function UsedNote({ used }: { used?: ConnectionUsed }) {
  const { t } = useTranslation();
  const formName = useAuthFormName();
  if (!used) return null;
  return (
    <p className="small">
      {t('accounts.testUsed', {
        tokenUrl: used.tokenUrl,
        listingsUrl: used.listingsUrl,
        form: formName(used.authForm),
      })}
      {used.adjusted && ` ${t('accounts.testAdjusted')}`}
    </p>
  );
}

/** The addresses a failed test tried (when more than one) and the Authorization forms (when both). */
export function TriedNote({ tried, authTried }: { tried?: string[]; authTried?: AuthForm[] }) {
  const { t } = useTranslation();
  const formName = useAuthFormName();
  const [first, second] = authTried ?? [];
  return (
    <>
      {tried && tried.length > 0 && (
        <p className="small">{t('accounts.testTried', { list: tried.join(', ') })}</p>
      )}
      {first && second && (
        <p className="small">
          {t('accounts.testAuthTried', { first: formName(first), second: formName(second) })}
        </p>
      )}
    </>
  );
}
