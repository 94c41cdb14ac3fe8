// The seller settles on this desk what the shop's merge left on a draft (issue 24.4): a value
// picked for a field two desks changed apart, the note of a deletion read. Saved as the seller's
// own change, so the shop's sync sends it up like any edit.
import type { Draft } from '../../shared/domain/drafts';
import { dismissRestored, pickShopValue } from '../../shared/domain/shop';
import { mainI18n } from '../i18n';
import { AppError } from '../errors/app-error';
import type { DraftsStore } from '../storage/drafts-store';

export interface ShopSettleDeps {
  store: DraftsStore;
  onChange(ids: string[]): void;
  log: { error(message: string, error?: unknown): void };
}

/** Takes value `index` of the draft's conflict in `field`; refused when there is no such value (any more). */
export async function pickShopConflict(
  deps: ShopSettleDeps,
  id: string,
  field: string,
  index: number,
): Promise<Draft> {
  const saved = await deps.store.update(id, (current) => {
    const picked = pickShopValue(current, field, index);
    if (picked) return picked;
    // Another desk (or another window) settled it first: the editor shows the draft as it is now.
    deps.log.error(`Shop conflict ${field} of draft ${id} (value ${index}) is no longer there to pick`);
    throw new AppError('conflict', mainI18n.t('errors:shopConflictGone'));
  });
  deps.onChange([id]);
  return saved;
}

/** Drops the note that the draft came back after another desk deleted it. */
export async function dismissShopRestored(deps: ShopSettleDeps, id: string): Promise<Draft> {
  const saved = await deps.store.update(id, dismissRestored);
  deps.onChange([id]);
  return saved;
}
