// The words of a desktop notification when an ad goes live or is rejected (the renderer has its
// own, through i18next; main has only these two).
import type { PublishNotice } from '../../shared/domain/publish-job';
import { stateMeaning } from '../../shared/domain/publication-outcome';
import type { UiLanguage } from '../../shared/i18n-language';

const words = {
  en: {
    live: 'Your ad is live',
    rejected: 'Your ad was rejected',
    needsYou: 'Your ad needs you',
    adId: (id: number) => `Ad ${id}`,
    state: (state: string) => `State: ${state}`,
    untitled: 'Untitled draft',
  },
  de: {
    live: 'Ihre Anzeige ist online',
    rejected: 'Ihre Anzeige wurde abgelehnt',
    needsYou: 'Ihre Anzeige braucht Sie',
    adId: (id: number) => `Anzeige ${id}`,
    state: (state: string) => `Status: ${state}`,
    untitled: 'Entwurf ohne Titel',
  },
} as const;

/** Title and body of the notification for `notice`. */
export function noticeText(notice: PublishNotice, language: UiLanguage): { title: string; body: string } {
  const w = words[language];
  const name = notice.title.trim() || w.untitled;
  const tail =
    notice.kind === 'live'
      ? notice.adId === null
        ? []
        : [w.adId(notice.adId)]
      : [notice.reason ?? w.state(notice.actualState)];
  // A state the app does not know is not called a rejection: the seller is asked to look.
  const settledElsewhere = stateMeaning(notice.actualState) === 'rejected' ? w.rejected : w.needsYou;
  return { title: notice.kind === 'live' ? w.live : settledElsewhere, body: [name, ...tail].join(' · ') };
}
