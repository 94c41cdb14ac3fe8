// A statement the database refused for this desk's role (issue 37.2), in the seller's words: the
// role the desk has, what it may not do and which role may. Any error carrying such a refusal (a
// Publish pressed on a prepare desk, an account changed on a publish desk) is said so, whichever
// channel or command met it.
import type { DeskRefusal } from '../../../shared/domain/team';
import type { UiLanguage } from '../../../shared/i18n-language';
import { AppError } from '../../errors/app-error';
import { mainI18n, wordsIn } from '../../i18n';
import { roleRefusalOf, type RoleRefusal } from '../connection';

/** The role's name in `language` (prepare, publish, owner). */
export function roleWord(language: UiLanguage, role: RoleRefusal['role']): string {
  return wordsIn(language, 'teamRoles')(`role.${role}`);
}

/** The refusal's words in `language`. */
export function roleRefusalText(language: UiLanguage, refusal: RoleRefusal): string {
  const t = wordsIn(language, 'teamRoles');
  return t('refused', {
    role: roleWord(language, refusal.role),
    what: t(`may.${refusal.action}`),
    needed: roleWord(language, t(`needs.${refusal.action}`) as RoleRefusal['role']),
  });
}

/**
 * The AppError (`forbidden`, details `{ shop: 'no-permission', role, action }`) a role refusal is
 * answered with, in the app's language; undefined for any other error.
 */
export function roleRefusalError(error: unknown, language?: UiLanguage): AppError | undefined {
  const refusal = roleRefusalOf(error);
  if (!refusal) return undefined;
  const words = roleRefusalText(language ?? (mainI18n.language === 'de' ? 'de' : 'en'), refusal);
  return new AppError('forbidden', words, { shop: 'no-permission', ...refusal });
}

/** What the team's role rule refused (shared/domain/team's deskMay), in `language`'s words. */
export function deskRefusalText(language: UiLanguage, refusal: DeskRefusal): string {
  return wordsIn(language, 'teamRoles')(refusal.reasonKey, {
    role: roleWord(language, refusal.role),
    needed: roleWord(language, refusal.needed),
  });
}

/** The AppError (`forbidden`) a call the role rule refused is answered with, before the database is asked. */
export function deskRefusalError(language: UiLanguage, refusal: DeskRefusal): AppError {
  return new AppError('forbidden', deskRefusalText(language, refusal), {
    shop: 'no-permission',
    role: refusal.role,
    action: refusal.action,
    needed: refusal.needed,
  });
}
