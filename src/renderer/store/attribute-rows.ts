// The attribute editor works on rows, because a seller half-way through typing has rows a record
// cannot hold: a name not typed yet, or a name used twice. The draft keeps the record.

export interface AttributeRow {
  /** Stable across edits, for React keys and focus. */
  id: string;
  key: string;
  value: string;
  /** Added by hand as a free row: it stays among the free rows whatever key it gets. */
  free?: boolean;
}

let nextRow = 0;

/** A new row id, unique in this page. */
export function newRowId(): string {
  nextRow += 1;
  return `attr-${nextRow}`;
}

/** Rows for a stored record, in its order. */
export function rowsOf(attributes: Record<string, string>): AttributeRow[] {
  return Object.entries(attributes).map(([key, value]) => ({ id: newRowId(), key, value }));
}

/**
 * The record the rows stand for: a row not filled in at all is no attribute yet, and of rows
 * sharing a name (trimmed) only the first counts; the editor flags the others.
 */
export function attributesOf(rows: readonly AttributeRow[]): Record<string, string> {
  const entries: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.key.trim() === '' && row.value.trim() === '') continue;
    const name = row.key.trim();
    if (seen.has(name)) continue;
    seen.add(name);
    entries.push([row.key, row.value]);
  }
  // fromEntries defines own properties, so a name like "__proto__" stays an ordinary attribute.
  return Object.fromEntries(entries);
}

/** Ids of the rows whose name (trimmed, not empty) an earlier row already uses. */
export function duplicateRowIds(rows: readonly AttributeRow[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const row of rows) {
    const name = row.key.trim();
    if (name === '') continue;
    if (seen.has(name)) duplicates.add(row.id);
    seen.add(name);
  }
  return duplicates;
}

/** True when two records hold the same names and values in the same order. */
export function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const left = Object.entries(a);
  const right = Object.entries(b);
  return (
    left.length === right.length && left.every(([k, v], i) => right[i]?.[0] === k && right[i]?.[1] === v)
  );
}
