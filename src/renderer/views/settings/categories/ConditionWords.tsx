// The shop's condition words (Settings → Categories, issue 34.2): each word with the condition value
// it is sent as, editable; while the defaults are not confirmed, a note asks to confirm them once.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogLanguage } from '../../../../shared/domain/catalog';
import type { LoadedCatalog } from '../../../store/catalog-store';
import { useCategoryMappingsStore } from '../../../store/category-mappings-store';
import {
  CONDITION,
  conditionValues,
  sameWords,
  wordRows,
  wordsOfRows,
  type WordProblem,
  type WordRow,
} from './category-settings';
import type { CatalogFunctions } from './use-catalog-lib';

export interface ConditionWordsProps {
  /** The stored words (folded word → value). */
  stored: Readonly<Record<string, string>>;
  confirmed: boolean;
  catalog: LoadedCatalog;
  lib: CatalogFunctions;
  language: CatalogLanguage;
}

/** A new row's condition: "good" where the catalog has it (the commonest), else its first. */
const NEW_ROW_VALUE = 'ok';

export function ConditionWords({ stored, confirmed, catalog, lib, language }: ConditionWordsProps) {
  const { t } = useTranslation();
  const ids = useId();
  const { view } = catalog;
  const values = conditionValues(view);
  // The seller's rows while edited; null: the stored words as they are (another desk's change shows).
  const [edited, setEdited] = useState<WordRow[] | null>(null);
  const [problems, setProblems] = useState<WordProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const nextId = useRef(10_000);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus === null) return;
    document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);

  const rows = edited ?? wordRows(stored, values);
  const dirty = edited !== null && !sameWords(edited, stored, lib.conditionWordKey);
  const wordId = (row: WordRow) => `${ids}-word-${row.id}`;
  const change = (next: WordRow[]) => {
    setEdited(next);
    setProblems([]);
    setSaved(false);
  };
  const update = (id: number, patch: Partial<WordRow>) =>
    change(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const add = () => {
    const row = {
      id: nextId.current++,
      word: '',
      value: values.includes(NEW_ROW_VALUE) ? NEW_ROW_VALUE : (values[0] ?? ''),
    };
    change([...rows, row]);
    setFocus(wordId(row));
  };
  const remove = (index: number) => {
    const next = rows.filter((_, at) => at !== index);
    change(next);
    const after = next[index] ?? next[index - 1];
    setFocus(after ? `${ids}-remove-${after.id}` : `${ids}-add`);
  };
  const save = async () => {
    const made = wordsOfRows(rows, lib.conditionWordKey);
    if (made.words === null) {
      setProblems(made.problems);
      // The first row to mend, wherever the button pressed was.
      const first = rows[made.problems[0]!.row];
      if (first) setFocus(wordId(first));
      return;
    }
    setBusy(true);
    const done = await useCategoryMappingsStore.getState().setConditionWords(made.words);
    setBusy(false);
    if (done) {
      setEdited(null);
      setSaved(true);
    }
  };
  const invalid = new Set(problems.map((p) => p.row));
  const problemText = (problem: WordProblem) =>
    problem.problem === 'empty'
      ? t('categorySettings.words.empty', { n: problem.row + 1 })
      : t('categorySettings.words.twice', {
          word: rows[problem.row]?.word.trim() ?? '',
          first: problem.first + 1,
          n: problem.row + 1,
        });
  const label = (value: string) => view.valueLabel('', CONDITION, value, language);

  return (
    <section className="condition-words" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('categorySettings.words.title')}</h3>
      <p className="muted">{t('categorySettings.words.intro')}</p>
      {!confirmed && (
        <div className="banner warning condition-suggestions" role="note">
          <div>
            <p>
              <strong>{t('categorySettings.words.suggestions')}</strong>
            </p>
            <p>{t('categorySettings.words.suggestionsHint')}</p>
          </div>
          <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
            {t('categorySettings.words.confirm')}
          </button>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="muted">{t('categorySettings.words.none')}</p>
      ) : (
        <table className="condition-words-table">
          <caption className="visually-hidden">{t('categorySettings.words.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('categorySettings.words.word')}</th>
              <th scope="col">{t('categorySettings.words.value')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('categorySettings.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1;
              const word = row.word.trim();
              const offered = values.includes(row.value) ? values : [...values, row.value];
              return (
                <tr key={row.id}>
                  <td>
                    <input
                      id={wordId(row)}
                      type="text"
                      value={row.word}
                      maxLength={100}
                      aria-label={t('categorySettings.words.wordLabel', { n })}
                      aria-invalid={invalid.has(index) ? true : undefined}
                      aria-describedby={invalid.has(index) ? `${ids}-problem-${index}` : undefined}
                      onChange={(event) => update(row.id, { word: event.target.value })}
                    />
                  </td>
                  <td>
                    <select
                      value={row.value}
                      aria-label={
                        word === ''
                          ? t('categorySettings.words.valueLabelEmpty', { n })
                          : t('categorySettings.words.valueLabel', { word })
                      }
                      onChange={(event) => update(row.id, { value: event.target.value })}
                    >
                      {offered.map((value) => (
                        <option key={value} value={value}>
                          {label(value)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <button
                      id={`${ids}-remove-${row.id}`}
                      type="button"
                      className="link-button"
                      aria-label={
                        word === ''
                          ? t('categorySettings.words.removeWordEmpty', { n })
                          : t('categorySettings.words.removeWord', { word })
                      }
                      onClick={() => remove(index)}
                    >
                      {t('categorySettings.remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {problems.length > 0 && (
        <div role="alert">
          <ul className="form-error condition-problems">
            {problems.map((problem) => (
              <li key={problem.row} id={`${ids}-problem-${problem.row}`}>
                {problemText(problem)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        <button id={`${ids}-add`} type="button" onClick={add}>
          {t('categorySettings.words.add')}
        </button>
        {confirmed && (
          <button type="button" className="primary" disabled={busy || !dirty} onClick={() => void save()}>
            {t('categorySettings.words.save')}
          </button>
        )}
        {edited !== null && (
          <button
            type="button"
            onClick={() => {
              setEdited(null);
              setProblems([]);
            }}
          >
            {t('categorySettings.words.discard')}
          </button>
        )}
        <span role="status" className="condition-saved">
          {saved && t('categorySettings.words.confirmed')}
        </span>
      </div>
    </section>
  );
}
