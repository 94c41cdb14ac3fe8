import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/drafts';
import {
  restoredBy,
  sameShopValue,
  shopConflictsOf,
  shopFieldsOf,
  shopValueOf,
} from '../../../../shared/domain/shop';
import type { ShopConflict } from '../../../../shared/domain/shop';
import { photoSrc } from '../../../components/photo-src';
import { call } from '../../../ipc/client';
import { useEditorStore } from '../../../store/editor-store';
import {
  ADD_ATTRIBUTE_ID,
  attributeValueId,
  fieldDomId,
  focusById,
  PHOTOS_SECTION_ID,
} from '../editor/field-ids';
import { useFieldLabel } from '../editor/use-editor-language';
import { useAuthorText, useDeskText, useValueText } from './use-shop-words';
import './shop-conflicts.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where the focus goes after a pick: the next choice left, else the field that now holds the value. */
function focusAfterPick(field: string) {
  const next = document.querySelector<HTMLElement>('.shop-conflict button');
  if (next) return next.focus();
  if (field === 'photoOrder') return focusById(PHOTOS_SECTION_ID);
  if (field.startsWith('attributes.')) {
    const key = field.slice('attributes.'.length);
    const row = useEditorStore.getState().rows.find((r) => r.key === key);
    return focusById(row ? attributeValueId(row) : ADD_ATTRIBUTE_ID);
  }
  focusById(fieldDomId(field));
}

/** The photos of the draft in one desk's order, as small thumbnails. */
function PhotoOrder({ draft, order }: { draft: Draft; order: string[] }) {
  const byId = new Map(draft.photos.map((photo) => [photo.id, photo]));
  return (
    <span className="shop-order">
      {order.map((id, n) => {
        const photo = byId.get(id);
        return photo ? <img key={id} src={photoSrc(photo.thumb)} alt={`${n + 1}`} /> : null;
      })}
    </span>
  );
}

/** The conflicts in the order of the editor's fields, the photo order last. */
function inFormOrder(draft: Draft, conflicts: readonly ShopConflict[]): ShopConflict[] {
  const fields = shopFieldsOf(draft);
  const rank = (field: string) =>
    field === 'photoOrder'
      ? fields.length + 1
      : fields.indexOf(field) < 0
        ? fields.length
        : fields.indexOf(field);
  return [...conflicts].sort((a, b) => rank(a.field) - rank(b.field));
}

/** Whether the draft holds this value of the conflict now. */
function isHeld(draft: Draft, conflict: ShopConflict, value: ShopConflict['values'][number]['value']) {
  if (conflict.field === 'photoOrder') {
    const order = value as string[];
    const shown = draft.photos.map((p) => p.id).filter((id) => order.includes(id));
    return shown.length === order.length && shown.every((id, i) => order[i] === id);
  }
  const now = shopValueOf(draft, conflict.field);
  return sameShopValue(now === undefined ? null : now, value);
}

/**
 * What the shop's merge left on the draft (issue 24.4): the note that it came back after another
 * desk deleted it, and each field two desks changed apart with every value, its desk and time, and
 * a button to keep it. Nothing shows for a draft without either.
 */
export function ShopConflicts({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const authorText = useAuthorText();
  const deskText = useDeskText();
  const valueText = useValueText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The field just picked: the focus moves on once the draft is shown without its conflict.
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    if (picked === null || busy) return;
    focusAfterPick(picked);
    setPicked(null);
  }, [picked, busy]);
  const conflicts = inFormOrder(draft, shopConflictsOf(draft));
  const restored = restoredBy(draft);
  if (conflicts.length === 0 && !restored) return null;

  const settle = async (run: () => Promise<Draft>, field?: string) => {
    setBusy(true);
    setError(null);
    try {
      // What was typed goes first, so the pick is not overwritten by an older save.
      if (!(await useEditorStore.getState().flush())) return;
      await run();
      await useEditorStore.getState().refresh([draft.id]);
      if (field !== undefined) setPicked(field);
    } catch (failure) {
      setError(messageOf(failure));
      // The draft may have changed meanwhile (settled on another desk): show it as it is.
      await useEditorStore.getState().refresh([draft.id]);
    } finally {
      setBusy(false);
    }
  };
  const pick = (conflict: ShopConflict, index: number) =>
    void settle(
      () => call('drafts:shop-pick', { id: draft.id, field: conflict.field, index }),
      conflict.field,
    );

  return (
    <section
      className="editor-section shop-merge"
      aria-labelledby="shop-merge-title"
      data-testid="shop-merge"
    >
      <h3 id="shop-merge-title">{t('shopMerge.title')}</h3>
      {restored && (
        <div className="shop-restored" role="status">
          <p>{t('shopMerge.restored', { by: authorText(restored) })}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void settle(() => call('drafts:shop-dismiss-restored', { id: draft.id }))}
          >
            {t('shopMerge.dismiss')}
          </button>
        </div>
      )}
      {conflicts.length > 0 && <p>{t('shopMerge.intro', { count: conflicts.length })}</p>}
      {conflicts.map((conflict) => {
        const name = label(conflict.field);
        return (
          <fieldset key={conflict.field} className="shop-conflict" data-field={conflict.field}>
            <legend>{name}</legend>
            <ul>
              {conflict.values.map((entry, index) => {
                const text = valueText(conflict.field, entry.value);
                const held = isHeld(draft, conflict, entry.value);
                return (
                  <li key={index} className={held ? 'held' : undefined}>
                    {conflict.field === 'photoOrder' ? (
                      <PhotoOrder draft={draft} order={entry.value as string[]} />
                    ) : (
                      <span className="shop-value">{text}</span>
                    )}
                    <span className="muted small">
                      {authorText(entry.by)}
                      {held && <> · {t('shopMerge.held')}</>}
                    </span>
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={t('shopMerge.keepLabel', { field: name, desk: deskText(entry.by) })}
                      onClick={() => pick(conflict, index)}
                    >
                      {t('shopMerge.keep')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
