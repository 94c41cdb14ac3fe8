import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedPlan } from '../../../shared/domain/feeds';
import { productFormats } from '../../../shared/domain/feeds';
import { useFeedWords } from './use-feed-words';

/** What the plan read the source as (issue 35.6): its format, and a switch of variants since the last run. */
export function FeedSourceRead({ plan }: { plan: Pick<FeedPlan, 'format' | 'variantsSwitched'> }) {
  const { t } = useTranslation();
  const words = useFeedWords();
  const { format, variantsSwitched } = plan;
  const known = format !== undefined && (productFormats as readonly string[]).includes(format);
  return (
    <>
      {format !== undefined && (
        <p className={known ? 'banner feed-note' : 'muted small'} data-testid="feed-format">
          {t(known ? 'feeds.plan.formatKnown' : 'feeds.plan.format', { format: words.format(format) })}
        </p>
      )}
      {variantsSwitched && (
        <p className="banner warning" data-testid="feed-variants-switched">
          {t('feeds.plan.variantsSwitched', {
            from: words.variants(variantsSwitched.from),
            to: words.variants(variantsSwitched.to),
          })}
        </p>
      )}
    </>
  );
}

/** A recognized export's first item, field by field: as written, and what it became (issue 35.6). */
export function FeedSample({ sample }: { sample: FeedPlan['sample'] }) {
  const { t } = useTranslation();
  const id = useId();
  const words = useFeedWords();
  return (
    <>
      {sample && sample.length > 0 && (
        <section className="feed-sample" aria-labelledby={`${id}-sample`} data-testid="feed-sample">
          <h3 id={`${id}-sample`}>{t('feeds.sample.heading')}</h3>
          <p className="hint">{t('feeds.sample.intro')}</p>
          <div className="feed-sample-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('feeds.sample.field')}</th>
                  <th scope="col">{t('feeds.sample.written')}</th>
                  <th scope="col">{t('feeds.sample.became')}</th>
                </tr>
              </thead>
              <tbody>
                {sample.map((field, i) => (
                  <tr key={`${field.field}:${i}`} data-became={field.became}>
                    <th scope="row">
                      <code>{field.field}</code>
                    </th>
                    <td className="feed-sample-written">{field.written}</td>
                    <td>
                      <span className={field.became === 'left-out' ? 'muted' : 'feed-sample-to'}>
                        {words.became(field)}
                      </span>
                      {field.value !== '' && (
                        <span className="feed-sample-value">{words.sampleValue(field)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
