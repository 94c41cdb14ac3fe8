// One price rule's step on one live ad (issue 25.5), as a resumable action: the step is written on
// the draft (`pending`, with the price before and after) before its update is sent through the live
// edits, and written done after. A step found pending (a crash, a kill, an unknown outcome) is read
// back from the service first and sent only when the listing still has the price before it, so no
// step is applied twice. A price other than the rule's last one was set outside it: the rule stops.
import {
  dueStepOf,
  priceSetOutside,
  totalStepsOf,
  withStepDone,
  type DueStep,
  type PriceRuleRecord,
} from '../../shared/domain/price-rules';
import { centsText } from '../../shared/domain/bulk';
import type { Draft } from '../../shared/domain/drafts';
import type { ListingView } from '../../shared/ipc/types';
import type { DraftsStore } from '../storage/drafts-store';
import type { ListingEdits } from '../live/listing-edits';
import type { LiveContext } from '../live/live-context';
import type { ActivityInput } from '../../shared/domain/activity';
import type { ChangeAuthors } from '../ports/change-authors';
import { SOURCE_DESK } from '../drafts/change-authors';
import { mainI18n } from '../i18n';

/** What a price step works with. */
export interface PriceStepDeps {
  store: Pick<DraftsStore, 'get' | 'update' | 'list'>;
  live: Pick<LiveContext, 'clientOf'> & { edits: Pick<ListingEdits, 'update'> };
  onDraftsChanged(ids: string[]): void;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  now(): Date;
  /** Told that a step set the draft's price, so a save crossing it names the step (issue 32.1). */
  authors?: Pick<ChangeAuthors, 'note'>;
}

/**
 * Whether a draft of this status may have a live ad: 'publishing' too, as an ad whose publication
 * is validated again after an edit (a rule's own step among them) is still live meanwhile.
 */
export const mayBeLive = (status: Draft['status']) => status === 'published' || status === 'publishing';

/** The draft's listing when the draft is live and has a rule, else undefined (nothing to do). */
export function liveRuleOf(
  draft: Draft,
): { record: PriceRuleRecord; uuid: string; accountId: string } | undefined {
  const uuid = draft.remote?.listingUuid;
  if (!draft.priceRule || !mayBeLive(draft.status) || !uuid || !draft.accountId) return undefined;
  return { record: draft.priceRule, uuid, accountId: draft.accountId };
}

const centsOf = (listing: ListingView) => Math.round(listing.adPrice.amount * 100);
const euros = (cents: number) => centsText(cents);

/** Runs the rule's start or due step on draft `draftId`; failures are written on the rule and logged. */
export async function runPriceStep(
  deps: PriceStepDeps,
  draftId: string,
  signal: AbortSignal,
): Promise<ActivityInput[]> {
  const draft = await deps.store.get(draftId);
  const found = liveRuleOf(draft);
  if (!found) return [];
  const { record, uuid, accountId } = found;
  // Issue 37.5: a step sent (or failed) is logged with the claim's done.
  const logged = (changed: Record<string, unknown>): ActivityInput[] => [
    { kind: 'price-step', account: accountId, ad: uuid, draft: draftId, changed },
  ];
  const setRule = async (change: (record: PriceRuleRecord) => PriceRuleRecord) => {
    await deps.store.update(draftId, (current) =>
      current.priceRule ? { ...current, priceRule: change(current.priceRule) } : current,
    );
    deps.onDraftsChanged([draftId]);
  };
  const step = record.pending?.step ?? (record.start ? dueStepOf(record, deps.now())?.step : 0);
  if (step === undefined) return [];
  try {
    const { client } = deps.live.clientOf(accountId);
    const listing = await client.getListing(uuid);
    signal.throwIfAborted();
    const live = centsOf(listing);
    const at = deps.now();
    if (!record.start) {
      // The steps count from the day the ad is live, at the price it is live at.
      await setRule(({ failed: _failed, ...rest }) => ({
        ...rest,
        start: { at: at.toISOString(), cents: live },
      }));
      deps.log.info(`Price rule of draft ${draftId} starts from ${euros(live)}`);
      return [];
    }
    const due: DueStep | undefined = record.pending ?? dueStepOf(record, at);
    if (!due) return [];
    if (record.pending && live === due.to) {
      // The update landed before the crash: written done, not sent again.
      await setRule((current) => withStepDone(current, due, at));
      deps.log.info(stepLine(draftId, record, due));
      return logged({ step, from: euros(due.from), to: euros(due.to), title: draft.title });
    }
    if (priceSetOutside(record, live)) {
      await setRule(({ pending: _pending, failed: _failed, ...rest }) => ({
        ...rest,
        stopped: { at: at.toISOString(), cents: live },
      }));
      deps.log.info(
        `Price rule of draft ${draftId} stopped: the price was set to ${euros(live)} outside the rule`,
      );
      return [];
    }
    await setRule((current) => ({ ...current, pending: { ...due, sentAt: at.toISOString() } }));
    signal.throwIfAborted();
    await deps.live.edits.update(
      uuid,
      { price: { type: listing.adPrice.type, amount: due.to / 100 } },
      accountId,
    );
    await notePrice(deps, draft, at);
    await setRule((current) => withStepDone(current, due, deps.now()));
    deps.log.info(stepLine(draftId, record, due));
    return logged({ step, from: euros(due.from), to: euros(due.to), title: draft.title });
  } catch (error) {
    // A claim that ended stops here; the step stays pending for whoever runs it next.
    if (signal.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error(`Price rule of draft ${draftId}: step ${step} failed: ${message}`, error);
    await setRule((current) => ({
      ...current,
      failed: {
        step,
        at: deps.now().toISOString(),
        message: message.slice(0, 2000),
        attempts: current.failed?.step === step ? current.failed.attempts + 1 : 1,
      },
    }));
    return logged({ step, outcome: 'failed', problem: message.slice(0, 500), title: draft.title });
  }
}

/** The price the live ad brought into the draft after a step, noted as the step's (not "the live ad"). */
async function notePrice(deps: PriceStepDeps, before: Draft, at: Date) {
  const after = await deps.store.get(before.id).catch(() => undefined);
  if (!after || after.price.amount === before.price.amount) return;
  const by = {
    desk: SOURCE_DESK.priceStep,
    deskName: mainI18n.t('shop:author.priceStep'),
    at: at.toISOString(),
  };
  deps.authors?.note({ ...after, price: before.price }, after, by);
}

function stepLine(draftId: string, record: PriceRuleRecord, due: DueStep): string {
  const total = totalStepsOf(record);
  const of = total === undefined ? '' : ` of ${total}`;
  return `Draft ${draftId}: price lowered from ${euros(due.from)} to ${euros(due.to)} by rule, step ${due.step}${of}`;
}
