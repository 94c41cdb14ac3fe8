// What falls due on a desk whose role may not run it (issue 37.2): a prepare desk leaves scheduled
// publishing, price steps and feed runs to a desk allowed to, and says so where they are shown.
import { useTranslation } from 'react-i18next';
import { deskMay, type DeskAction } from '../../shared/domain/team';
import { useDeskStanding } from './RoleGate';

/** The note that what is due here waits for another desk; nothing while this desk may run it. */
export function DueWaits({ action }: { action: DeskAction }) {
  const { t } = useTranslation();
  const may = deskMay(useDeskStanding(), action);
  if (may.allowed) return null;
  return (
    <p className="muted small due-waits" role="note" data-testid="due-waits">
      {t('teamRoles.dueWaits', {
        role: t(`teamRoles.role.${may.role}`),
        needed: t(`teamRoles.role.${may.needed}`),
      })}
    </p>
  );
}
