import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { feedGoneActions } from '../../../shared/domain/feeds';
import type { FeedFormProblem, FeedFormValues } from './use-feed-form';

interface Props {
  values: FeedFormValues;
  change(patch: Partial<FeedFormValues>): void;
  problems: readonly FeedFormProblem[];
}

/** What a run does: with rows gone or sold out, with new rows, how often, and when it holds. */
export function FeedRules({ values, change, problems }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset>
      <legend>{t('feeds.form.rules')}</legend>
      <div role="radiogroup" aria-labelledby={`${id}-gone`} className="feed-radios">
        <span id={`${id}-gone`}>{t('feeds.form.gone')}</span>
        <div className="feed-form-row">
          {feedGoneActions.map((gone) => (
            <label key={gone} className="feed-choice">
              <input
                type="radio"
                name={`${id}-gone`}
                checked={values.gone === gone}
                onChange={() => change({ gone })}
              />
              {t(`feeds.gone.${gone}`)}
            </label>
          ))}
        </div>
      </div>
      <label className="feed-choice">
        <input
          type="checkbox"
          checked={values.publish}
          onChange={(event) => change({ publish: event.target.checked })}
        />
        {t('feeds.form.publish')}
      </label>
      <div className="feed-form-row">
        <label className="feed-choice">
          <input
            type="checkbox"
            checked={values.scheduled}
            onChange={(event) => change({ scheduled: event.target.checked })}
          />
          {t('feeds.form.scheduled')}
        </label>
        {values.scheduled && (
          <div className="field wide">
            <label htmlFor={`${id}-every`}>{t('feeds.form.every')}</label>
            <input
              id={`${id}-every`}
              type="number"
              min={5}
              max={43_200}
              value={values.everyMinutes}
              aria-invalid={problems.includes('every')}
              aria-describedby={`${id}-every-hint`}
              onChange={(event) => change({ everyMinutes: event.target.value })}
            />
            <p className={problems.includes('every') ? 'field-error' : 'hint'} id={`${id}-every-hint`}>
              {t('feeds.form.everyHint')}
            </p>
          </div>
        )}
      </div>
      <div className="field wide">
        <label htmlFor={`${id}-share`}>{t('feeds.form.share')}</label>
        <input
          id={`${id}-share`}
          type="number"
          min={0}
          max={100}
          value={values.maxPercent}
          aria-invalid={problems.includes('share')}
          aria-describedby={`${id}-share-hint`}
          onChange={(event) => change({ maxPercent: event.target.value })}
        />
        <p className={problems.includes('share') ? 'field-error' : 'hint'} id={`${id}-share-hint`}>
          {t('feeds.form.shareHint')}
        </p>
      </div>
    </fieldset>
  );
}
