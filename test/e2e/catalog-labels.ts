// The catalog's labels of attribute keys and values as the shipped file has them, whatever words it
// carries by now: what the editor, the preview and the listings show for a stored key or value.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeCatalogView, readCatalog, type CatalogLanguage } from '../../src/shared/domain/catalog';

const reading = readCatalog(
  readFileSync(path.resolve(import.meta.dirname, '../../src/shared/marketplace-catalog.json'), 'utf8'),
);
if (!reading.ok) throw new Error(reading.problem);
export const shippedCatalog = makeCatalogView(reading.catalog);

/** The label of an attribute key (`condition`). */
export const keyLabel = (name: string, language: CatalogLanguage) =>
  shippedCatalog.attributeLabel(name, language);

/** The label of a value of a key in a category (`like_new` → `Sehr Gut`). */
export const valueLabel = (category: string, name: string, value: string, language: CatalogLanguage) =>
  shippedCatalog.valueLabel(category, name, value, language);

/** The category's names as the preview's breadcrumb shows them (`Familie, Kind & Baby`, `Spielzeug`). */
export function categoryNames(path: string, language: CatalogLanguage): string[] {
  const known = shippedCatalog.category(path);
  if (!known) throw new Error(`${path} is not in the shipped catalog`);
  const { main, sub } = shippedCatalog.names(known, language);
  return main === sub ? [main] : [main, sub];
}
