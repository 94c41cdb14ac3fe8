import { describe, expect, it } from 'vitest';
import { noticeText } from '../../../src/main/publish/views/notice-text';
import type { PublishNotice } from '../../../src/shared/domain/publishing/publish-job';

const live: PublishNotice = {
  kind: 'live',
  jobId: 'j',
  draftId: 'd',
  title: 'Kühlschrank',
  adId: 1234,
  actualState: 'PUBLISHED',
  reason: null,
};

describe('noticeText', () => {
  it('names the ad and its id when it goes live, in English and German', () => {
    expect(noticeText(live, 'en')).toEqual({ title: 'Your ad is live', body: 'Kühlschrank · Ad 1234' });
    expect(noticeText(live, 'de')).toEqual({
      title: 'Ihre Anzeige ist online',
      body: 'Kühlschrank · Anzeige 1234',
    });
    expect(noticeText({ ...live, adId: null, title: '  ' }, 'en').body).toBe('Untitled draft');
  });

  it('says that an ad of the Sandbox is on the test service, not on the marketplace (issue 26.4)', () => {
    expect(noticeText(live, 'en', true)).toEqual({
      title: 'Your test ad is live',
      body: 'Kühlschrank · Ad 1234 · Test service (Sandbox), not the real marketplace',
    });
    expect(noticeText(live, 'de', true)).toEqual({
      title: 'Ihre Testanzeige ist online',
      body: 'Kühlschrank · Anzeige 1234 · Testdienst (Sandbox), nicht der echte Marktplatz',
    });
  });

  it("gives the service's reason for a rejection, else the state as it came", () => {
    const rejected = { ...live, kind: 'rejected' as const, adId: null, actualState: 'DECLINED_BY_REVIEW' };
    expect(noticeText({ ...rejected, reason: 'Imprint not found.' }, 'en')).toEqual({
      title: 'Your ad needs you',
      body: 'Kühlschrank · Imprint not found.',
    });
    expect(noticeText({ ...rejected, actualState: 'REJECTED' }, 'en').title).toBe('Your ad was rejected');
    expect(noticeText(rejected, 'de')).toEqual({
      title: 'Ihre Anzeige braucht Sie',
      body: 'Kühlschrank · Status: DECLINED_BY_REVIEW',
    });
  });

  it('says a failed job (told on the desk that pressed Publish in a shop) could not be published, and why', () => {
    const failed = { ...live, kind: 'failed' as const, adId: null, actualState: '', problem: 'bad-request' };
    expect(noticeText({ ...failed, reason: 'Data refused' }, 'en')).toEqual({
      title: 'Your ad could not be published',
      body: 'Kühlschrank · Data refused',
    });
    expect(noticeText(failed, 'de')).toEqual({
      title: 'Ihre Anzeige konnte nicht veröffentlicht werden',
      body: 'Kühlschrank',
    });
  });
});
