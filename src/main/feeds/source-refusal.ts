// Why a feed's source was refused, in the seller's words (source.ts): each reason with its message
// and the error code the window and the command line tell apart.
import type { IpcErrorCode } from '../../shared/ipc/envelope';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { DownloadRefusal } from './download';

/** Why a feed's source was refused (details.reason of the AppError). */
export type FeedSourceRefusal =
  | Exclude<DownloadRefusal, 'wrong-type'>
  | 'no-password'
  | 'no-access-key'
  | 'not-a-product-feed'
  | 'broken-xml'
  | 'changed-meanwhile'
  | 'file-not-found'
  | 'file-unreadable'
  | 'not-a-table'
  | 'not-a-workbook'
  | 'markup';

const CODES: Partial<Record<FeedSourceRefusal, IpcErrorCode>> = {
  'file-not-found': 'not-found',
  'not-found': 'not-found',
  'not-https': 'invalid-input',
  'credentials-in-url': 'invalid-input',
  'not-a-table': 'invalid-input',
  'not-a-workbook': 'invalid-input',
  'not-a-product-feed': 'invalid-input',
  'broken-xml': 'invalid-input',
  'private-address': 'invalid-input',
  markup: 'invalid-input',
  'too-large': 'invalid-input',
  cancelled: 'unavailable',
};

export function refuse(
  reason: FeedSourceRefusal,
  name: string,
  detail: Record<string, string | number | undefined> = {},
): AppError {
  const words = { source: name, ...detail };
  const message: Record<FeedSourceRefusal, () => string> = {
    'not-https': () => mainI18n.t('errors:feedSource.notHttps', words),
    'credentials-in-url': () => mainI18n.t('errors:feedSource.credentialsInUrl', words),
    'no-password': () => mainI18n.t('errors:feedSource.noPassword', words),
    'no-access-key': () => mainI18n.t('errors:feedSource.noAccessKey', words),
    'not-a-product-feed': () => mainI18n.t('errors:feedSource.notAProductFeed', words),
    'broken-xml': () => mainI18n.t('errors:feedSource.brokenXml', words),
    'changed-meanwhile': () => mainI18n.t('errors:feedSource.changedMeanwhile', words),
    'private-address': () => mainI18n.t('errors:feedSource.privateAddress', words),
    'needs-password': () => mainI18n.t('errors:feedSource.needsPassword', words),
    'password-refused': () => mainI18n.t('errors:feedSource.passwordRefused', words),
    'not-found': () => mainI18n.t('errors:feedSource.notFound', words),
    'file-not-found': () => mainI18n.t('errors:feedSource.fileNotFound', words),
    'file-unreadable': () => mainI18n.t('errors:feedSource.fileUnreadable', words),
    'http-status': () => mainI18n.t('errors:feedSource.httpStatus', words),
    'too-large': () => mainI18n.t('errors:feedSource.tooLarge', words),
    'cut-off': () => mainI18n.t('errors:feedSource.cutOff', words),
    'timed-out': () => mainI18n.t('errors:feedSource.timedOut', words),
    'redirect-loop': () => mainI18n.t('errors:feedSource.redirectLoop', words),
    certificate: () => mainI18n.t('errors:feedSource.certificate', words),
    unreachable: () => mainI18n.t('errors:feedSource.unreachable', words),
    cancelled: () => mainI18n.t('errors:feedSource.cancelled', words),
    'not-a-table': () => mainI18n.t('errors:feedSource.notATable', words),
    'not-a-workbook': () => mainI18n.t('errors:feedSource.notAWorkbook', words),
    markup: () => mainI18n.t('errors:feedSource.markup', words),
  };
  return new AppError(CODES[reason] ?? 'unavailable', message[reason](), { reason, source: name, ...detail });
}

export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0);
}

export function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
}
