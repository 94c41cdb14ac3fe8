// The column mapping guessed from a table's header, in German and English.
import type { ImportMapping, ImportTarget } from './import';

/** A header cell reduced for comparison: lower case, umlauts spelled out, letters and digits only. */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

// Each target with the header words that name it (after headerKey).
const names: Record<Exclude<ImportTarget, 'attribute'>, string[]> = {
  title: [
    'titel',
    'title',
    'anzeigentitel',
    'ueberschrift',
    'bezeichnung',
    'artikelname',
    'produktname',
    'productname',
    'name',
    'headline',
  ],
  description: [
    'beschreibung',
    'description',
    'beschreibungstext',
    'text',
    'details',
    'anzeigentext',
    'body',
  ],
  price: [
    'preis',
    'price',
    'preiseur',
    'preisineur',
    'verkaufspreis',
    'vkpreis',
    'betrag',
    'amount',
    'priceeur',
  ],
  priceType: ['preisart', 'preistyp', 'pricetype', 'preismodell'],
  category: ['kategorie', 'category', 'rubrik', 'kategoriepfad', 'categorypath'],
  photos: [
    'bilder',
    'bild',
    'fotos',
    'foto',
    'photos',
    'photo',
    'images',
    'image',
    'pictures',
    'picture',
    'bilddatei',
    'bilddateien',
    'dateien',
    'files',
  ],
  reference: [
    'referenz',
    'reference',
    'sku',
    'artikelnummer',
    'artnr',
    'artikelnr',
    'ref',
    'eigenereferenz',
    'customreference',
    'bestandsnummer',
    'id',
  ],
  email: ['email', 'mail', 'emailadresse'],
  phoneNumber: ['telefon', 'telefonnummer', 'tel', 'phone', 'phonenumber', 'handy', 'mobil'],
  contactPerson: ['kontakt', 'kontaktperson', 'ansprechpartner', 'contact', 'contactperson', 'contactname'],
  street: ['strasse', 'street', 'adresse', 'address', 'strasseundhausnummer'],
  postalCode: ['plz', 'postleitzahl', 'zip', 'zipcode', 'postalcode', 'postcode'],
  city: ['ort', 'stadt', 'city', 'town', 'wohnort', 'standort', 'location'],
  district: ['stadtteil', 'district', 'bezirk', 'ortsteil'],
  radius: ['umkreis', 'radius', 'umkreiskm', 'radiuskm', 'availabilityradiusinkm'],
  adType: ['anzeigenart', 'anzeigentyp', 'adtype', 'angebotsart'],
  buyNow: ['sofortkaufen', 'direktkaufen', 'direktkauf', 'buynow', 'selldirectly'],
};

// Columns that usually hold a category's attribute; their header becomes the attribute's key.
const attributeWords = [
  'zustand',
  'condition',
  'versand',
  'shipping',
  'art',
  'farbe',
  'color',
  'colour',
  'groesse',
  'size',
  'marke',
  'brand',
  'material',
];

// Targets a table may fill from several columns (Bild 1, Bild 2, …).
const repeatable = new Set<ImportTarget>(['photos', 'attribute']);

// "attribute:condition", "Attribut: Farbe", "attr.versand": an attribute named after the prefix
// (how an export writes attributes, so that a round trip keeps them).
const ATTRIBUTE_PREFIX = /^\s*(?:attr|attribut|attribute|merkmal)\s*[:.]\s*(?=\S)/i;

/** The attribute key a column of this header fills: the header, without an attribute prefix. */
export function attributeKey(header: string): string {
  return header.replace(ATTRIBUTE_PREFIX, '').trim();
}

/** The target a header names, or null. */
export function guessTarget(header: string): ImportTarget | null {
  if (ATTRIBUTE_PREFIX.test(header)) return 'attribute';
  const key = headerKey(header);
  if (key === '') return null;
  for (const [target, words] of Object.entries(names) as [ImportTarget, string[]][]) {
    if (words.includes(key)) return target;
  }
  // "Bild 1", "Foto2", "image_3": numbered photo columns.
  const unnumbered = key.replace(/\d+$/, '');
  if (unnumbered !== key && names.photos.includes(unnumbered)) return 'photos';
  if (attributeWords.includes(key)) return 'attribute';
  return null;
}

/** One target per header cell; a target that takes one column goes to the first that names it. */
export function guessMapping(header: readonly string[]): ImportMapping {
  const taken = new Set<ImportTarget>();
  return header.map((cell) => {
    const target = guessTarget(cell);
    if (target === null || (taken.has(target) && !repeatable.has(target))) return null;
    taken.add(target);
    return target;
  });
}

/** The key a mapping is remembered under: the kind and the header as written. */
export function mappingKey(kind: string, header: readonly string[]): string {
  return `${kind}\u0000${header.map((h) => h.trim()).join('\u0001')}`;
}
