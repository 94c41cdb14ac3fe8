// A control this desk's role may not use (issue 37.2) stays in view, marked aria-disabled (so that
// the keyboard still reaches it) and described by the reason, which shows as a tooltip on hover and
// focus. The reason is the team's one rule (shared/domain/team's deskMay) in the words main uses.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deskMay, type DeskAction, type DeskStanding } from '../../shared/domain/team';
import { useShopStore } from '../store/shop-store';
import './role-gate.css';

export interface RoleGate {
  allowed: boolean;
  /** The reason in words, when refused. */
  reason?: string;
  /** Props for the control: aria-disabled and the reason's id among `describedBy`'s, when refused. */
  control(describedBy?: string): { 'aria-disabled'?: true; 'aria-describedby'?: string };
  /** `run`, or nothing at all while refused. */
  guard<A extends unknown[]>(run: (...args: A) => unknown): (...args: A) => void;
  /** The control as is when allowed; else with the reason's tooltip beside it, which hover and focus show. */
  wrap(control: ReactNode, place?: 'start' | 'end'): ReactNode;
}

/** This desk's standing in its team as the shop's status last said it (a lone desk: not a member). */
export function useDeskStanding(): DeskStanding {
  const status = useShopStore((s) => s.status);
  return status
    ? { member: status.member, role: status.role, ownerNamed: status.ownerNamed }
    : { member: false };
}

/**
 * Whether this desk's role lets it do `action`, with what a control needs to say why not; `applies`
 * false for what is the desk's own alone (its Sandbox account), which no role decides.
 */
export function useRoleGate(action: DeskAction, applies = true): RoleGate {
  const { t } = useTranslation();
  const id = useId();
  const may = deskMay(useDeskStanding(), action);
  if (may.allowed || !applies)
    return {
      allowed: true,
      control: (describedBy) => (describedBy ? { 'aria-describedby': describedBy } : {}),
      guard:
        (run) =>
        (...args) =>
          void run(...args),
      wrap: (control) => control,
    };
  const reason = t(`teamRoles.${may.reasonKey}`, {
    role: t(`teamRoles.role.${may.role}`),
    needed: t(`teamRoles.role.${may.needed}`),
  });
  return {
    allowed: false,
    reason,
    control: (describedBy) => ({
      'aria-disabled': true,
      'aria-describedby': [describedBy, id].filter(Boolean).join(' '),
    }),
    guard: () => () => undefined,
    // A control at the end of its row gets the tooltip leaning back from its end, within the view.
    wrap: (control, place = 'start') => (
      <span className={place === 'end' ? 'role-gated at-end' : 'role-gated'}>
        {control}
        <span id={id} role="tooltip" className="role-reason" data-testid="role-reason">
          {reason}
        </span>
      </span>
    ),
  };
}
