// What of the price rules is due (issue 25.5), as the runner asks every kind of automation
// (due.ts). The drafts' index says when each rule next has something to do, so asking costs no
// file reads for the drafts without one; a due draft is read to name its step.
import { dueStepOf } from '../../shared/domain/price-rules';
import type { DueSource, DueTask } from './due';
import { liveRuleOf, mayBeLive, runPriceStep, type PriceStepDeps } from './price-steps';

/** The key of a rule's step on draft `draftId` (step 0: the start), a new one for each retry after a failure. */
export function priceStepKey(draftId: string, step: number, attempts = 0): string {
  return attempts > 0 ? `price:${draftId}:${step}:retry-${attempts}` : `price:${draftId}:${step}`;
}

/** The price rules as a DueSource: each live ad's start or due step is one task. */
export function priceDueSource(deps: PriceStepDeps): DueSource {
  const candidates = (now: number) =>
    deps.store
      .list()
      .filter(
        (summary) =>
          mayBeLive(summary.status) &&
          summary.trashedAt === null &&
          summary.priceRuleDue !== null &&
          Date.parse(summary.priceRuleDue) <= now,
      );
  return {
    async due(now) {
      const tasks: DueTask[] = [];
      for (const summary of candidates(now)) {
        const draft = await deps.store.get(summary.id).catch((error: unknown) => {
          deps.log.error(`Price rule of draft ${summary.id} could not be read`, error);
          return undefined;
        });
        const found = draft && liveRuleOf(draft);
        if (!found) continue;
        const { record } = found;
        const step = record.pending?.step ?? (record.start ? dueStepOf(record, new Date(now))?.step : 0);
        if (step === undefined) continue;
        const attempts = record.failed?.step === step ? record.failed.attempts : 0;
        tasks.push({
          key: priceStepKey(summary.id, step, attempts),
          kind: 'price',
          dueAt: Date.parse(summary.priceRuleDue!),
          label: summary.title,
          run: (signal) => runPriceStep(deps, summary.id, signal),
        });
      }
      return tasks;
    },
    async next(now) {
      const times = deps.store
        .list()
        .filter((summary) => mayBeLive(summary.status) && summary.trashedAt === null)
        .map((summary) => (summary.priceRuleDue ? Date.parse(summary.priceRuleDue) : NaN))
        .filter((at) => at > now);
      return times.length > 0 ? Math.min(...times) : undefined;
    },
  };
}
