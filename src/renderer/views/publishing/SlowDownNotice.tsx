// Issue 36.2: while the service asks an account to slow down (429, or 503 with Retry-After), every
// call of the account waits; this line says so where publishing progress is shown, with the time
// the calls go on, so that a quiet batch does not look stuck.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaceHold } from '../../../shared/ipc/contract-pace';
import { useDates } from '../../i18n/use-dates';
import { call, subscribe } from '../../ipc/client';

/** The accounts held now, one line each; nothing when none is. */
export function SlowDownNotice() {
  const { t } = useTranslation();
  const dates = useDates();
  const [holds, setHolds] = useState<readonly PaceHold[]>([]);
  useEffect(() => {
    let live = true;
    const off = subscribe('pace:changed', ({ holds: next }) => setHolds(next));
    // After subscribing, so that no change falls between the answer and the first event.
    void call('pace:holds').then(
      ({ holds: now }) => live && setHolds(now),
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, []);
  if (holds.length === 0) return null;
  return (
    <div className="slow-down" role="status" data-testid="pace-slow-down">
      {holds.map((hold) => (
        <p key={hold.accountId} className="muted small">
          {t('pace.slowDown', { account: hold.accountName, time: dates.time(hold.until, true) })}
        </p>
      ))}
    </div>
  );
}
