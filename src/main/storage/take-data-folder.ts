// What the shells (the app, the web shell, the command line) say and do about the data folder's lock
// (issue 23.6): the sentence naming who holds it, waiting for a holder that may be gone (only its
// heartbeat tells) until its lock is taken over, and the sentence when the folder was lost later.
import { calendarDay, formatDayMonth, formatTime } from '../../shared/dates';
import { resolveLanguage, type UiLanguage } from '../../shared/i18n-language';
import { wordsIn } from '../i18n';
import { systemLocale } from '../system/paths';
import {
  acquireDataLock,
  DataFolderLocked,
  HEARTBEAT_MS,
  STALE_MS,
  type DataLock,
  type LockKind,
  type LockOwner,
} from './data-lock';

function localeOf(language: UiLanguage): string {
  return language === 'de' ? 'de-DE' : 'en-GB';
}

/** When the owner started, as the seller reads it: the time today, else date and time. */
function startedText(startedAt: string, language: UiLanguage, now: Date): string {
  const started = new Date(startedAt);
  if (Number.isNaN(started.getTime())) return startedAt;
  const style = { language: localeOf(language) };
  const time = formatTime(started, style);
  if (calendarDay(started, style) === calendarDay(now, style)) return time;
  return `${formatDayMonth(started, style)} ${time}`;
}

function detailOf(owner: LockOwner, language: UiLanguage, now: Date): string {
  return wordsIn(language, 'dataLock')('detail', {
    pid: owner.pid,
    computer: owner.computer,
    started: startedText(owner.startedAt, language, now),
  });
}

/**
 * The sentence a second process says, e.g. "Listing Desk (pid 1234 on desk-2, started 14:02) is
 * using this data folder; close it first.", and for a holder judged by its heartbeat alone when
 * the folder is taken over should it stay silent.
 */
export function lockedMessage(refusal: DataFolderLocked, language: UiLanguage, now = new Date()): string {
  const t = wordsIn(language, 'dataLock');
  const held = t(refusal.owner.kind, { detail: detailOf(refusal.owner, language, now) });
  if (!refusal.takeoverAt || !refusal.heartbeatAt) return held;
  const age = Math.max(0, Math.round((now.getTime() - refusal.heartbeatAt.getTime()) / 1000));
  const at = formatTime(refusal.takeoverAt, { language: localeOf(language) }, true);
  return `${held} ${t('takeover', { age, at })}`;
}

/** The sentence when another process took the folder over from this one (it stops writing). */
export function lostMessage(holder: LockOwner | undefined, language: UiLanguage, now = new Date()): string {
  const t = wordsIn(language, 'dataLock');
  return holder ? t('lost', { detail: detailOf(holder, language, now) }) : t('lostGone');
}

/** The buttons the app offers with a refusal. */
export function refusalChoices(locale: string = systemLocale()): { tryAgain: string; quit: string } {
  const t = wordsIn(resolveLanguage('system', locale), 'dataLock');
  return { tryAgain: t('tryAgain'), quit: t('quit') };
}

export interface TakeFolderHandlers {
  /** The folder is held: the sentence naming its holder (the shell says it, and ends or offers to try again). */
  refused(message: string, refusal: DataFolderLocked): void;
  /**
   * The holder may be gone and only its heartbeat tells: the sentence, said once, while this tries
   * again by itself until the lock is taken over. Without it `refused` is called at once.
   */
  waiting?(message: string): void;
  /** Another process took the folder over later: the sentence; the shell stops writing (ends). */
  lost(message: string): void;
  /** The system's locale (default: the environment's). */
  locale?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a shell calls before it opens the folder: the lock, or undefined once `refused` was told who
 * holds the folder (in the system's language).
 */
export async function takeDataFolder(
  dataDir: string,
  kind: LockKind,
  handlers: TakeFolderHandlers,
): Promise<DataLock | undefined> {
  const language = resolveLanguage('system', handlers.locale ?? systemLocale());
  // A holder that keeps its heartbeat going is not taken over: after one stale period and a little,
  // it is refused like a local one.
  const giveUpAt = Date.now() + STALE_MS + 2 * HEARTBEAT_MS;
  let said = false;
  for (;;) {
    try {
      const lock = acquireDataLock(dataDir, kind);
      lock.onLost((holder) => handlers.lost(lostMessage(holder, language)));
      return lock;
    } catch (error) {
      if (!(error instanceof DataFolderLocked)) throw error;
      const message = lockedMessage(error, language);
      if (!error.takeoverAt || !handlers.waiting || Date.now() >= giveUpAt) {
        handlers.refused(message, error);
        return undefined;
      }
      if (!said) handlers.waiting(`${message} ${wordsIn(language, 'dataLock')('waiting')}`);
      said = true;
      await sleep(Math.min(Math.max(error.takeoverAt.getTime() - Date.now(), 0) + 100, HEARTBEAT_MS));
    }
  }
}
