// Names in the order a seller's file manager shows them ("IMG 2" before "IMG 10"), the same order
// main walks a dropped folder in, so a folder arrives in the same order in both shells.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Compares two names naturally; names equal but for case or accents still get one fixed order. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Compares two relative paths folder by folder, so a folder's files stay together (depth first). */
export function naturalPathCompare(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = naturalCompare(left[i] as string, right[i] as string);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}
