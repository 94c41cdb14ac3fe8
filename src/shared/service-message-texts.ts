// The words of service-messages.ts: for each row of the spec's Errors table (keyed
// `operation.status`) and each token error code (`token.code`), a short title, what happened and
// what to do, in English and German. `todoFields` replaces `todo` when the app can name the fields
// it suspects ({{fields}} is their list); `cause` follows `what` when the app knows the likely cause
// of a refusal (issue 33.4: the category or attributes it sent). The words live in the locale files
// (i18n/locales/{en,de}.serviceMessages.json), checked like every other locale file.
import de from './i18n/locales/de.serviceMessages.json';
import en from './i18n/locales/en.serviceMessages.json';

/** The texts of one message. */
export interface ServiceMessageText {
  title: string;
  what: string;
  todo: string;
  todoFields?: string;
  /** Follows `what` when the app names the likely cause of a refusal ({{cause}}: its sentences). */
  cause?: string;
}

/** A key of a service message. */
export type ServiceMessageKey = keyof typeof en;

/** Every message's texts, by language. */
export const SERVICE_MESSAGE_TEXTS: Record<'en' | 'de', Record<ServiceMessageKey, ServiceMessageText>> = {
  en,
  // Typed by the English keys: a German file missing one does not compile.
  de,
};
