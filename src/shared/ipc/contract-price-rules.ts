// The contract's channels of price rules (issue 25.5): a rule set on a draft or on a template.
// Part of THE contract (contract.ts spreads them in); main validates every input against these.
import { z } from 'zod';
import { draftIdSchema, type Draft } from '../domain/drafts';
import { priceRuleSchema } from '../domain/price-rules';
import type { DraftTemplate } from '../domain/drafts';
import { channel } from './channel';
import { segmentIdSchema } from './input-schemas';

export const priceRuleChannels = {
  /** Sets the draft's price rule (null: removes it); a rule set again starts afresh from the ad's price. */
  'priceRules:set-draft': channel<Draft>()(
    z.object({ draftId: draftIdSchema, rule: priceRuleSchema.nullable() }).strict(),
  ),
  /** Sets the price rule drafts made from the template get (null: none). */
  'priceRules:set-template': channel<DraftTemplate>()(
    z.object({ accountId: segmentIdSchema, id: segmentIdSchema, rule: priceRuleSchema.nullable() }).strict(),
  ),
};
