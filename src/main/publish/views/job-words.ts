// The engine's own sentences about a job (main's publishJob words), in the app's language: what
// Details, the log and the command line show beside the window's words for the problem's code.
import { mainI18n } from '../../i18n';

/** A sentence of the publishJob namespace in the app's language now. */
export function jobWords(key: string, values: Record<string, string | number> = {}): string {
  return mainI18n.t(`publishJob:${key}`, values);
}
