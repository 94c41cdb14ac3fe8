import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedFormValues } from './use-feed-form';

interface Props {
  values: FeedFormValues;
  change(patch: Partial<FeedFormValues>): void;
}

const variantChoices = ['group', 'each'] as const;
const detailChoices = ['attributes', 'description'] as const;

/** A shop export's choices (issue 35): variants of a group as one ad or each, and where details go. */
export function FeedExportChoices({ values, change }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset data-testid="feed-export-choices">
      <legend>{t('feeds.form.exports')}</legend>
      <p className="hint">{t('feeds.form.exportsHint')}</p>
      <div role="radiogroup" aria-labelledby={`${id}-variants`} className="feed-radios">
        <span id={`${id}-variants`}>{t('feeds.form.variants')}</span>
        {variantChoices.map((variants) => (
          <label key={variants} className="feed-choice">
            <input
              type="radio"
              name={`${id}-variants`}
              checked={values.variants === variants}
              onChange={() => change({ variants })}
            />
            {t(`feeds.form.variantsChoice.${variants}`)}
          </label>
        ))}
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-details`} className="feed-radios">
        <span id={`${id}-details`}>{t('feeds.form.details')}</span>
        {detailChoices.map((productDetails) => (
          <label key={productDetails} className="feed-choice">
            <input
              type="radio"
              name={`${id}-details`}
              checked={values.productDetails === productDetails}
              onChange={() => change({ productDetails })}
            />
            {t(`feeds.form.detailsChoice.${productDetails}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Whether the source (and its photos) may be on a private, loopback or link-local address (issue 35.4). */
export function PrivateAddressChoice({ values, change }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="feed-private">
      <label className="feed-choice">
        <input
          type="checkbox"
          checked={values.allowPrivateAddresses}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change({ allowPrivateAddresses: event.target.checked })}
        />
        {t('feeds.form.allowPrivate')}
      </label>
      <p className="hint" id={`${id}-hint`}>
        {t('feeds.form.allowPrivateHint')}
      </p>
    </div>
  );
}
