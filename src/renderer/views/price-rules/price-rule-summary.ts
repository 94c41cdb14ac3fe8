// A template's price rule in one line for its row, zod-free: the templates dialog is part of the
// first view, and the rule's form (with the schemas) loads only when opened.
import { useTranslation } from 'react-i18next';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import { formatPrice } from '../../../shared/domain/drafts';

/** The rule in one line, for the template's row. */
export function usePriceRuleSummary(): (template: DraftTemplate) => string | undefined {
  const { t, i18n } = useTranslation();
  // Not through problem-text.ts: that module's chunk holds zod, which the first view must not load.
  const euros = (cents: number) => formatPrice(cents / 100, i18n.language.startsWith('de') ? 'de' : 'en');
  return (template) => {
    const rule = template.priceRule;
    if (!rule) return undefined;
    const value = rule.mode === 'amount' ? euros(Math.round(rule.value * 100)) : rule.value;
    const summary = t(`priceRule.summary.${rule.mode}`, {
      value,
      days: rule.everyDays,
      floor:
        typeof rule.floor === 'number'
          ? euros(Math.round(rule.floor * 100))
          : t('priceRule.floorShare', { percent: rule.floor.percent }),
    });
    return t('priceRule.templateHas', { summary });
  };
}
