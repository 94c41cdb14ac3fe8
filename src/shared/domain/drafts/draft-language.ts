// The languages a draft's words come in (draft-messages.ts), apart from the words themselves so that
// the readers below the messages (price texts, offer values) can name a language without them.

export type DraftLanguage = 'en' | 'de';
