// A template's price rule (issue 25.5): drafts made from the template get it. A template has no
// price, so the preview shows the steps of an ad at an example price.
import { useTranslation } from 'react-i18next';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import { call } from '../../ipc/client';
import { PriceRuleForm } from './PriceRuleForm';
import { ExampleSteps } from './ExampleSteps';
import './price-rules.css';

/** The form of a template's rule, with the preview for an example ad. */
export function TemplatePriceRule({ template, onSaved }: { template: DraftTemplate; onSaved(): void }) {
  const { t } = useTranslation();
  return (
    <section className="template-price-rule price-rule" aria-label={t('priceRule.title')}>
      <p className="muted">{t('priceRule.templateIntro')}</p>
      <PriceRuleForm
        idPrefix={`template-price-rule-${template.id}`}
        rule={template.priceRule ?? null}
        preview={(rule) => rule && <ExampleSteps rule={rule} />}
        onSave={async (rule) => {
          await call('priceRules:set-template', { accountId: template.accountId, id: template.id, rule });
          onSaved();
        }}
      />
      <p className="hint">{t('priceRule.precedence')}</p>
    </section>
  );
}
