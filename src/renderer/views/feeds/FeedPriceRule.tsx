// A feed's price rule (issue 25.5): the drafts the feed makes from now on start with it (it wins
// over the template's); drafts it made before keep theirs. The price rule form and its preview as
// a template has them, saved with the feed's other settings.
import { useTranslation } from 'react-i18next';
import type { FeedSettings, FeedView } from '../../../shared/domain/feeds';
import { feedSettingsOf } from '../../../shared/domain/feeds';
import { call } from '../../ipc/client';
import { useFeedsStore } from '../../store/feeds-store';
import { PriceRuleForm } from '../price-rules/PriceRuleForm';
import { ExampleSteps } from '../price-rules/ExampleSteps';
import '../price-rules/price-rules.css';

/** The settings part of a feed (what `feeds:save` takes), without its rule. */
function settingsOf(feed: FeedView): FeedSettings {
  const { priceRule: _priceRule, ...settings } = feedSettingsOf(feed);
  return settings;
}

/** The form of a feed's rule, with the preview for an example ad. */
export function FeedPriceRule({ feed }: { feed: FeedView }) {
  const { t } = useTranslation();
  return (
    <section className="panel feed-price-rule price-rule" aria-label={t('priceRule.title')}>
      <h2>{t('priceRule.title')}</h2>
      <p className="muted">{t('feeds.detail.priceRuleIntro')}</p>
      <PriceRuleForm
        idPrefix={`feed-price-rule-${feed.id}`}
        rule={feed.priceRule ?? null}
        preview={(rule) => rule && <ExampleSteps rule={rule} />}
        onSave={async (rule) => {
          // The password stays as kept (none sent). Not the store's save: that opens the feed
          // afresh, and the focus would leave the form.
          await call('feeds:save', {
            id: feed.id,
            settings: { ...settingsOf(feed), ...(rule && { priceRule: rule }) },
          });
          await useFeedsStore.getState().load();
        }}
      />
      <p className="hint">{t('priceRule.precedence')}</p>
    </section>
  );
}
