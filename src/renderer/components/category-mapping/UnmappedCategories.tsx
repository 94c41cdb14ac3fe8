// The shop categories of an import's preview or a feed's plan that no mapping serves (issue 34.3),
// each once, with the catalog's best guesses: one press maps a guess, or the picker chooses another.
// Mapped here, a category counts for every later import and feed (Settings → Kategorien edits it).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogHit } from '../../../shared/domain/catalog';
import { useCategoryMappingsStore } from '../../store/category-mappings-store';
import { CategoryPicker } from '../category-picker/CategoryPicker';
import { useRecentCategories } from '../category-picker/use-recent-categories';
import { useMessageLanguage } from '../problem-text';
import './unmapped-categories.css';

export interface UnmappedItem {
  /** The shop category as the source writes it (levels joined by ` > `). */
  shopCategory: string;
  /** How many rows carry it, where known. */
  rows?: number;
  /** The catalog's best guesses, best first. */
  guesses: readonly CatalogHit[];
}

export interface UnmappedCategoriesProps {
  items: readonly UnmappedItem[];
  /** After a mapping was saved: the caller plans or previews again. */
  onMapped(shopCategory: string): void;
}

/** One unmapped shop category: its guesses, and a picker for another. */
function UnmappedRow({ item, onMapped }: { item: UnmappedItem; onMapped(shopCategory: string): void }) {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  const pickerId = useId();
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const recent = useRecentCategories(choosing);
  const map = async (path: string, kind?: { key: string; value: string }) => {
    setBusy(true);
    const mapping = await useCategoryMappingsStore.getState().map({
      shopCategory: item.shopCategory,
      path,
      ...(kind && { attributes: { [kind.key]: kind.value } }),
    });
    setBusy(false);
    if (mapping) onMapped(item.shopCategory);
  };
  return (
    <li className="unmapped-row">
      <div className="unmapped-name">
        <strong>{item.shopCategory}</strong>
        {item.rows !== undefined && (
          <span className="unmapped-rows"> {t('categoryMapping.rows', { count: item.rows })}</span>
        )}
      </div>
      <div
        className="unmapped-guesses"
        role="group"
        aria-label={t('categoryMapping.guessesFor', { name: item.shopCategory })}
      >
        {item.guesses.map((guess) => (
          <button
            key={`${guess.path}|${guess.kind?.value ?? ''}`}
            type="button"
            disabled={busy}
            onClick={() => void map(guess.path, guess.kind)}
            title={t('categoryMapping.sentAs', { path: guess.path })}
          >
            {t('categoryMapping.mapTo', { name: guess.label })}
            <span className="unmapped-detail"> · {guess.detail}</span>
          </button>
        ))}
        {item.guesses.length === 0 && <span className="unmapped-none">{t('categoryMapping.noGuess')}</span>}
        {!choosing && (
          <button type="button" className="link-button" disabled={busy} onClick={() => setChoosing(true)}>
            {t('categoryMapping.chooseOther')}
          </button>
        )}
      </div>
      {choosing && (
        <div className="unmapped-picker">
          <label htmlFor={pickerId}>{t('categoryMapping.pickerLabel', { name: item.shopCategory })}</label>
          <CategoryPicker
            id={pickerId}
            value=""
            recent={recent}
            language={language}
            onPick={({ path, kind }) => void map(path, kind)}
          />
        </div>
      )}
    </li>
  );
}

/** The list of unmapped shop categories; nothing when every category is mapped. */
export function UnmappedCategories({ items, onMapped }: UnmappedCategoriesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="unmapped-categories" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('categoryMapping.heading', { count: items.length })}</h3>
      <p className="unmapped-hint">{t('categoryMapping.hint')}</p>
      <ul>
        {items.map((item) => (
          <UnmappedRow key={item.shopCategory} item={item} onMapped={onMapped} />
        ))}
      </ul>
    </section>
  );
}
