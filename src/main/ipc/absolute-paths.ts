// The contract only checks that a path looks absolute on some platform; `C:\photos` is relative
// on Linux and would resolve against main's working folder. Main checks with its own rules.
import path from 'node:path';
import { mainI18n } from '../i18n';
import { AppError } from '../errors/app-error';

/** `paths` unchanged when each is absolute on this platform; else an invalid-input AppError. */
export function absolutePaths(paths: readonly string[]): string[] {
  const relative = paths.find((p) => !path.isAbsolute(p));
  if (relative !== undefined) {
    throw new AppError('invalid-input', mainI18n.t('errors:absolutePathsOnly', { path: relative }));
  }
  return [...paths];
}
