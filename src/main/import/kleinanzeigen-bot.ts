// kleinanzeigen-bot ad files (its documented format: one YAML or JSON file per ad, `ad_*.yaml`
// by default, images as globs relative to the file). Each file becomes one draft-to-be; what has
// no counterpart in a draft is named per file.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportProblem } from '../../shared/domain/tables';
import {
  type RowCategory,
  type RowCategoryOptions,
  type RowDraft,
  parsePrice,
  priceTypeOf,
  readRowCategory,
} from '../../shared/domain/tables';
import { globFiles } from './glob';

const AD_FILE = /^ad_.*\.(?:ya?ml|json)$/i;
const AD_EXT = /\.(?:ya?ml|json)$/i;

/** The ad files under a folder (the bot's default `ad_*.{yaml,yml,json}`), sorted by path. */
export async function findAdFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (at: string): Promise<void> => {
    // A subfolder that cannot be read holds nothing to import; the folder given must be readable.
    const items = await readdir(at, { withFileTypes: true }).catch((error: unknown) => {
      if (at === dir) throw error;
      return [];
    });
    for (const item of items) {
      if (item.name.startsWith('.') || item.name === 'node_modules') continue;
      const full = path.join(at, item.name);
      if (item.isDirectory()) await visit(full);
      else if (item.isFile() && AD_FILE.test(item.name)) found.push(full);
    }
  };
  await visit(dir);
  return found.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** True when a file's name says it may be an ad file (YAML or JSON). */
export function looksLikeAdFile(file: string): boolean {
  return AD_EXT.test(file);
}

export interface AdFileDraft extends RowDraft {
  /** Absolute paths of the images the file's globs matched. */
  photos: string[];
}

// Fields the bot keeps for itself or that a draft has no place for; named only when they say something.
const bookkeeping = new Set([
  'repost_count',
  'price_reduction_count',
  'content_hash',
  'created_on',
  'updated_on',
]);

function text(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function says(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(says);
  return true;
}

/**
 * Reads one ad file into the draft it becomes; its category through the shop's mappings when
 * `categories` are given (issue 34.3), its special attributes by their own keys.
 */
export async function readAdFile(file: string, categories?: RowCategoryOptions): Promise<AdFileDraft> {
  const problems: ImportProblem[] = [];
  const empty = (problem: ImportProblem): AdFileDraft => ({
    fields: {},
    photoNames: [],
    photos: [],
    problems: [problem],
  });
  let data: unknown;
  try {
    const raw = await readFile(file, 'utf8');
    // yaml is loaded with the first such file, not with the app (issue 18.5).
    data = /\.json$/i.test(file) ? JSON.parse(raw) : (await import('yaml')).parse(raw);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return empty({ code: 'unreadable-file', severity: 'error', value: message });
  }
  if (
    data === null ||
    typeof data !== 'object' ||
    Array.isArray(data) ||
    !('title' in data || 'description' in data)
  )
    return empty({ code: 'not-an-ad', severity: 'error' });
  const ad = data as Record<string, unknown>;
  const fields: RowDraft['fields'] = {};
  const used = new Set<string>();
  const take = (key: string): unknown => {
    used.add(key);
    return ad[key];
  };

  const title = text(take('title'))?.trim() ?? '';
  fields.title = title;
  const description = text(take('description'))?.trim() ?? '';
  const prefix = text(take('description_prefix')) ?? '';
  const suffix = text(take('description_suffix')) ?? '';
  fields.description = `${prefix}${description}${suffix}`;

  const category = text(take('category'))?.trim();
  let read: RowCategory | undefined;
  if (category) {
    read = readRowCategory(category, categories);
    if (read.category !== undefined) fields.category = read.category;
    problems.push(...read.problems);
  }

  const priceRaw = take('price');
  const price = parsePrice(typeof priceRaw === 'number' ? priceRaw : (text(priceRaw) ?? null));
  if (!price.ok)
    problems.push({ code: 'bad-price', severity: 'error', field: 'price', value: text(priceRaw) ?? '' });
  // The bot's default price type is NEGOTIABLE.
  const priceType = text(take('price_type'));
  fields.price = {
    type: priceType ? priceTypeOf(priceType) : 'NEGOTIABLE',
    amount: price.ok ? price.amount : null,
  };

  const type = text(take('type'));
  if (type) fields.adType = type.toUpperCase();

  // A mapping's default attributes first; the file's own win.
  const attributes: Record<string, string> = { ...read?.defaults };
  const special = take('special_attributes');
  if (special && typeof special === 'object' && !Array.isArray(special))
    for (const [key, value] of Object.entries(special)) {
      const v = text(value);
      if (v !== undefined && v !== '') attributes[key] = v;
    }
  // The spec's own attribute for shipping is `versand` (ja/nein); the bot's default is SHIPPING.
  const shipping = text(take('shipping_type'));
  if (shipping === 'SHIPPING' && !('versand' in attributes)) attributes.versand = 'ja';
  else if (shipping === 'PICKUP' && !('versand' in attributes)) attributes.versand = 'nein';
  if (Object.keys(attributes).length > 0) fields.attributes = attributes;

  const sellDirectly = take('sell_directly');
  if (typeof sellDirectly === 'boolean') fields.buyNow = sellDirectly;

  const contact = take('contact');
  if (contact && typeof contact === 'object' && !Array.isArray(contact)) {
    const c = contact as Record<string, unknown>;
    const name = text(c.name)?.trim();
    const phone = text(c.phone)?.trim();
    if (name) fields.contactPerson = name;
    if (phone) fields.phoneNumber = phone;
    const publication: NonNullable<RowDraft['fields']['publication']> = {};
    const street = text(c.street)?.trim();
    const zip = text(c.zipcode)?.trim();
    const location = text(c.location)?.trim();
    if (street) publication.street = street;
    if (zip) publication.postalCode = zip;
    if (location) publication.city = location;
    if (Object.keys(publication).length > 0) fields.publication = publication;
    const other = Object.keys(c).filter(
      (k) => !['name', 'phone', 'street', 'zipcode', 'location'].includes(k) && says(c[k]),
    );
    if (other.length > 0)
      problems.push({
        code: 'fields-not-imported',
        severity: 'warning',
        names: other.map((k) => `contact.${k}`),
      });
  }

  const photos: string[] = [];
  const images = take('images');
  const dir = path.dirname(file);
  if (Array.isArray(images))
    for (const pattern of images) {
      if (typeof pattern !== 'string' || pattern.trim() === '') continue;
      const matched = await globFiles(pattern.trim(), dir);
      if (matched.length === 0)
        problems.push({
          code: /[*?[{]/.test(pattern) ? 'photo-glob-empty' : 'photo-not-found',
          severity: 'warning',
          field: 'photos',
          value: pattern,
          looked: [path.isAbsolute(pattern.trim()) ? pattern.trim() : path.join(dir, pattern.trim())],
        });
      for (const photo of matched) if (!photos.includes(photo)) photos.push(photo);
    }

  if (take('active') === false) problems.push({ code: 'inactive-ad', severity: 'warning' });
  const notImported = Object.keys(ad).filter(
    (key) =>
      !used.has(key) &&
      !key.startsWith('$') &&
      says(ad[key]) &&
      !(bookkeeping.has(key) && (ad[key] === 0 || typeof ad[key] === 'string')) &&
      !(key === 'auto_price_reduction' && !says((ad[key] as Record<string, unknown>).enabled)),
  );
  // The shipping type has a counterpart only as SHIPPING or PICKUP.
  if (shipping !== undefined && shipping !== 'SHIPPING' && shipping !== 'PICKUP')
    notImported.unshift('shipping_type');
  if (notImported.length > 0)
    problems.push({ code: 'fields-not-imported', severity: 'warning', names: notImported });
  if (title === '') problems.unshift({ code: 'missing-title', severity: 'error', field: 'title' });
  return {
    fields,
    photoNames: [],
    photos,
    problems,
    ...(category && { categoryCell: category }),
    ...(read?.unmapped !== undefined && { unmappedCategory: read.unmapped }),
  };
}
