// Price rules (issue 25.5) as the app offers them: set on a draft or a template, and the due source
// whose tasks lower the live ads' prices (the runner of due.ts runs them; app.ts builds this once).
import type { Draft, DraftTemplate } from '../../shared/domain/drafts';
import type { PriceRule } from '../../shared/domain/price-rules';
import { newPriceRuleRecord } from '../../shared/domain/price-rules';
import type { EventHub } from '../events/event-hub';
import type { LiveContext } from '../live/live-context';
import type { TemplatesService } from '../templates/templates-service';
import { systemClock } from './clock';
import type { DueSource } from './due';
import { priceDueSource } from './price-due';
import type { PriceStepDeps } from './price-steps';

/** The price rules of one app. */
export interface PriceRules {
  /** Sets the draft's rule (null: removes it); a changed or stopped rule starts afresh. */
  setOnDraft(draftId: string, rule: PriceRule | null): Promise<Draft>;
  /** Sets the rule of drafts made from the template (null: none). */
  setOnTemplate(accountId: string, id: string, rule: PriceRule | null): Promise<DraftTemplate>;
  /** What of the rules is due, for the runner. */
  due: DueSource;
}

const sameRule = (a: PriceRule, b: PriceRule) => JSON.stringify(a) === JSON.stringify(b);

/** Builds the price rules over the drafts, the live edits and the templates. */
export function createPriceRules(
  deps: PriceStepDeps & { templates: Pick<TemplatesService, 'setPriceRule'> },
): PriceRules {
  return {
    async setOnDraft(draftId, rule) {
      const draft = await deps.store.update(draftId, (current) => {
        const { priceRule: was, ...rest } = current;
        if (rule === null) return rest;
        // The same rule set again on a running one changes nothing (its steps stay counted).
        if (was && !was.stopped && sameRule(was.rule, rule)) return current;
        return { ...rest, priceRule: newPriceRuleRecord(rule, 'ad', deps.now()) };
      });
      deps.onDraftsChanged([draftId]);
      return draft;
    },
    setOnTemplate: (accountId, id, rule) => deps.templates.setPriceRule(accountId, id, rule),
    due: priceDueSource(deps),
  };
}

/**
 * Builds the app's price rules from its parts (issue 25.5), on the automation runner's clock when
 * the config gives one (a test's), else on `ports.clock` (epoch ms, also a test's), else the machine's.
 */
export function openPriceRules(
  parts: {
    draftsStore: PriceStepDeps['store'];
    live: { context: Pick<LiveContext, 'clientOf'>; edits: PriceStepDeps['live']['edits'] };
    templates: Pick<TemplatesService, 'setPriceRule'>;
    events: Pick<EventHub, 'emit'>;
    /** Who made each field's value (issue 32.1). */
    authors?: PriceStepDeps['authors'];
  },
  ports: { log: PriceStepDeps['log']; clock?: () => number },
  config: { automation?: { clock?: { now(): number } } } = {},
): PriceRules {
  const { context, edits } = parts.live;
  return createPriceRules({
    store: parts.draftsStore,
    live: { clientOf: (accountId) => context.clientOf(accountId), edits },
    templates: parts.templates,
    onDraftsChanged: (ids) => parts.events.emit('drafts:changed', { ids }),
    log: ports.log,
    now: rulesClock(ports, config),
    ...(parts.authors && { authors: parts.authors }),
  });
}

/**
 * The price rules' clock: the automation runner's when the config gives one (a test's), else
 * `ports.clock` (epoch ms, also a test's), else the machine's (clock.ts: the runner's own when a test
 * shifts it or runs it fast). Feeds start rules again by it, and run by it.
 */
export function rulesClock(
  ports: { clock?: () => number },
  config: { automation?: { clock?: { now(): number } } } = {},
): () => Date {
  const runnerClock = config.automation?.clock;
  // The machine's, unless a test runs it fast (LISTING_DESK_CLOCK_RATE): the same as the runner's.
  const machine = systemClock();
  return () => new Date(runnerClock?.now() ?? ports.clock?.() ?? machine.now());
}
