// The words of a desktop notification when an ad goes live, is rejected, or (in a shop) failed on
// another desk (the renderer has its own; these are the notice namespace of main's i18n).
import type { PublishNotice } from '../../../shared/domain/publishing';
import { stateMeaning } from '../../../shared/domain/publishing';
import type { UiLanguage } from '../../../shared/i18n-language';
import { wordsIn } from '../../i18n';

/** Title and body of the notification for `notice`; `test` when its account is the Sandbox. */
export function noticeText(
  notice: PublishNotice,
  language: UiLanguage,
  test = false,
): { title: string; body: string } {
  const t = wordsIn(language, 'notice');
  const name = notice.title.trim() || t('untitled');
  const tail =
    notice.kind === 'live'
      ? notice.adId === null
        ? []
        : [t('adId', { id: notice.adId })]
      : notice.kind === 'failed'
        ? [notice.reason ?? []].flat()
        : [notice.reason ?? t('state', { state: notice.actualState })];
  // A state the app does not know is not called a rejection: the seller is asked to look.
  const settledElsewhere = stateMeaning(notice.actualState) === 'rejected' ? t('rejected') : t('needsYou');
  const title =
    notice.kind === 'live'
      ? t(test ? 'liveTest' : 'live')
      : notice.kind === 'failed'
        ? t('failed')
        : settledElsewhere;
  return { title, body: [name, ...tail, ...(test ? [t('testService')] : [])].join(' · ') };
}
