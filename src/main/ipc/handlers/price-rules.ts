import type { PriceRules } from '../../automation/price-rules';
import type { Handlers } from '../router';

type PriceRuleChannels = Extract<keyof Handlers, `priceRules:${string}`>;

/** Handlers of the `priceRules:` channels. */
export function priceRulesHandlers(rules: PriceRules): Pick<Handlers, PriceRuleChannels> {
  return {
    'priceRules:set-draft': ({ draftId, rule }) => rules.setOnDraft(draftId, rule),
    'priceRules:set-template': ({ accountId, id, rule }) => rules.setOnTemplate(accountId, id, rule),
  };
}
