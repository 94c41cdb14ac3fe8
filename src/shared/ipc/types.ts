// Output and event payload types of the contract.

export type ShellKind = 'electron' | 'web';

export type KeychainStatus = { mode: 'keychain' } | { mode: 'session-only'; reason: string };

export interface AppInfo {
  name: string;
  version: string;
  shell: ShellKind;
  dataDir: string;
  /** The operating system's locale (BCP 47), used when the language setting is 'system'. */
  systemLocale: string;
  keychain: KeychainStatus;
}

export type Language = 'system' | 'de' | 'en';

export interface Settings {
  language: Language;
}

export type ViewName = 'drafts' | 'listings' | 'publishing' | 'settings';
