// The import model (issue 17): tables (CSV, XLSX) and kleinanzeigen-bot ad files become drafts.
// Plain data only: main reads the files, the renderer shows the preview and words the codes.
import { z } from 'zod';
import type { CatalogHit } from '../catalog';
import type { DraftInit, DraftIssue } from '../drafts';

/** What a source is: a table or kleinanzeigen-bot ad files (one file or a folder tree of them). */
export const importKinds = ['csv', 'xlsx', 'kleinanzeigen-bot'] as const;
export type ImportKind = (typeof importKinds)[number];

/**
 * Where a table column goes. 'attribute' makes the column an attribute named by its header;
 * 'photos' holds one or more photo file names (separated by ',', ';', '|' or line breaks).
 */
export const importTargets = [
  'title',
  'description',
  'price',
  'priceType',
  'category',
  'photos',
  'reference',
  'email',
  'phoneNumber',
  'contactPerson',
  'street',
  'postalCode',
  'city',
  'district',
  'radius',
  'adType',
  'buyNow',
  'attribute',
] as const;
export type ImportTarget = (typeof importTargets)[number];
export const importTargetSchema = z.enum(importTargets);

/** One entry per column of the header, in order: its target, or null to leave it out. */
export const importMappingSchema = z.array(importTargetSchema.nullable()).max(500);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * A problem of one row (or ad file). 'error' refuses the row; 'warning' imports it and names the
 * problem for the seller to check. The renderer words each code in English and German.
 */
export const importProblemCodes = [
  /** No title (error). */
  'missing-title',
  /** The price cannot be read as a number (error); `value` is the text. */
  'bad-price',
  /** A photo named by the row or the ad file was not found (warning); `value` is the name. */
  'photo-not-found',
  /** An image glob of an ad file matched nothing (warning); `value` is the pattern. */
  'photo-glob-empty',
  /** The category is given as numeric ids (warning); `value` is the category as given. */
  'category-numeric',
  /** Fields of an ad file with no counterpart in a draft (warning); `names` lists them. */
  'fields-not-imported',
  /** The ad file could not be read or parsed (error); `value` is the parser's message. */
  'unreadable-file',
  /** The ad file is not an ad (not a mapping, or no fields of an ad) (error). */
  'not-an-ad',
  /** The ad file says it is inactive (`active: false`) (warning): imported as a draft all the same. */
  'inactive-ad',
  /** A yes/no column holds something else (warning); `value` is the text, left unset. */
  'bad-yes-no',
  /** Two photo columns or entries name the same file (warning); the photo is taken once. */
  'photo-twice',
  /** More cells than the header has columns (error); `names` holds the extra cells' text. */
  'extra-cells',
  /** The draft would not be ready to publish (warning): `issue` says why, in the drafts' own rules. */
  'not-ready',
  /** The reference is also in other rows of the file (error); `value` is it, `rows` the others. */
  'reference-twice',
  /** The reference belongs to several drafts already (error); `names` are their titles. */
  'reference-ambiguous',
  /** The reference is a live ad's with no draft here, and the row differs from it (error). */
  'live-without-draft',
  /** The draft of this reference is being published right now (error): import again afterwards. */
  'draft-busy',
  /**
   * The category is a shop category no mapping serves (warning); `value` is it as named. The row is
   * imported without a category unless the seller keeps categories as typed (issue 34.3).
   */
  'category-unmapped',
  /** An attribute column's value is none of the category's options (warning): kept as typed. `value`, `names` [header]. */
  'attribute-value-unknown',
  /** An attribute column names no attribute of the row's category (warning): left out. `value`, `names` [header]. */
  'attribute-column-unknown',
  /** A product feed's price is in a currency other than the euro (error); `value` is its code. */
  'currency-refused',
  /** A product's description was longer than a draft's and was cut (warning); `value` is the limit. */
  'description-cut',
] as const;
export type ImportProblemCode = (typeof importProblemCodes)[number];

export interface ImportProblem {
  code: ImportProblemCode;
  severity: 'error' | 'warning';
  /** The draft field concerned, where one is. */
  field?: ImportTarget;
  /** The text concerned (a price as written, a photo name, a glob, an error message). */
  value?: string;
  /** Several names (fields of an ad file with no counterpart, extra cells, drafts' titles). */
  names?: string[];
  /** Where the app looked: the full paths tried for a photo, the folder searched by a glob. */
  looked?: string[];
  /** The other rows (their `index`) holding the same reference. */
  rows?: number[];
  /** 'not-ready': the drafts' own validation issue. */
  issue?: DraftIssue;
}

/**
 * Codes of problems by which a row that is imported still loses something of the file (a photo,
 * a value); the command line's exit code says so.
 */
export const importLossCodes: readonly ImportProblemCode[] = [
  'photo-not-found',
  'photo-glob-empty',
  'fields-not-imported',
  'bad-yes-no',
  'attribute-column-unknown',
  'description-cut',
];

/**
 * What the import does with a row: a new draft, an update of the draft that has its reference,
 * nothing (the draft or live ad has it all already), a possible duplicate the seller decides on
 * (left out unless chosen), or nothing because a problem refuses it.
 */
export type ImportRowAction = 'create' | 'update' | 'unchanged' | 'duplicate' | 'refused';

/** One field an update changes, as text: the draft's value now and the row's. */
export interface ImportFieldChange {
  /** Dotted path as the drafts' validation names fields (`price.amount`, `attributes.Farbe`, `photos`). */
  field: string;
  before: ImportValue;
  after: ImportValue;
}

/** A field's value as the preview shows it (photos as their file names, joined by ", "). */
export type ImportValue = string | number | boolean | null;

/** What already exists for the row: a draft (by reference, or title and price) or a live ad. */
export interface ImportMatch {
  via: 'reference' | 'title-price' | 'live';
  draftId?: string;
  listingUuid?: string;
  title: string;
}

/** The draft a row becomes: the draft's fields (over the account's defaults) and its photo files. */
export interface ImportDraftFields extends Omit<DraftInit, 'accountId'> {
  /** Absolute paths of the photos found, in order. */
  photos: string[];
}

export interface ImportRowPreview {
  /** 1-based: the data row's number (header not counted) or the ad file's place in the list. */
  index: number;
  /** Where the row comes from: "row 12" is `index`; for ad files, the file's path. */
  file?: string;
  draft: ImportDraftFields;
  problems: ImportProblem[];
  /** False when a problem refuses the row. */
  ok: boolean;
  action: ImportRowAction;
  match?: ImportMatch;
  /** 'update': the fields that change. */
  changes?: ImportFieldChange[];
  /** True when the draft (new or updated) would be ready to publish. */
  ready: boolean;
}

export interface ImportInspectResult {
  kind: ImportKind;
  path: string;
  /** Sheet names of an XLSX workbook (first is the default); empty otherwise. */
  sheets: string[];
  sheet: string | null;
  /** The header row of a table; empty for ad files. */
  header: string[];
  /** Guessed from the header, or the one the seller used last time for this header. */
  mapping: ImportMapping;
  mappingRemembered: boolean;
  /** Data rows of a table, or ad files found. */
  rowCount: number;
  /** The first few data rows as text, for the mapping step. */
  sample: string[][];
  /** CSV only: the delimiter and encoding detected. */
  delimiter?: ',' | ';' | '\t';
  encoding?: 'utf-8' | 'windows-1252';
}

export interface ImportPreviewResult {
  kind: ImportKind;
  rows: ImportRowPreview[];
  counts: {
    rows: number;
    /** Rows that can be imported (new, update, unchanged or possible duplicate). */
    ok: number;
    refused: number;
    withWarnings: number;
    photos: number;
    create: number;
    update: number;
    unchanged: number;
    duplicate: number;
    /** Rows to create or update whose draft would not be ready to publish. */
    notReady: number;
  };
  /** The template each draft starts from, when one was chosen. */
  template?: { id: string; name: string };
  /**
   * The shop categories of the rows that no mapping serves, each once, with how many rows carry it
   * and the catalog's best guesses (issue 34.3); absent when there are none.
   */
  unmapped?: ImportUnmappedCategory[];
}

/** A shop category of an import that no mapping serves. */
export interface ImportUnmappedCategory {
  shopCategory: string;
  rows: number;
  guesses: CatalogHit[];
}

/**
 * The row number a spreadsheet shows for a table's data row `index` (1-based, header not
 * counted): the header is the sheet's row 1, so data row 1 is row 2 there. Every front end (the
 * wizard, the command line) and the log name table rows by this number.
 */
export function sheetRow(index: number): number {
  return index + 1;
}

/** A photo of an imported row that the intake refused (same codes as a dropped photo). */
export interface ImportPhotoRefusal {
  index: number;
  draftId: string;
  name: string;
  code: string;
  message: string;
}

export interface ImportRunResult {
  importId: string;
  /** The drafts created (undo moves these to the trash). */
  draftIds: string[];
  created: number;
  /** Drafts that existed and were updated from their row (undo leaves them as they are). */
  updatedIds: string[];
  updated: number;
  /** Rows whose draft or live ad had everything already. */
  unchanged: number[];
  /** Possible duplicates left out (not chosen by the seller). */
  duplicatesSkipped: number[];
  /** Drafts created or updated that are not ready to publish, by row. */
  notReady: { index: number; draftId: string }[];
  /** Rows not imported, each with its problems. */
  refused: { index: number; file?: string; problems: ImportProblem[] }[];
  photosAdded: number;
  photosRefused: ImportPhotoRefusal[];
}

/** An import as remembered for undo. */
export interface ImportRecord {
  id: string;
  at: string;
  kind: ImportKind;
  path: string;
  accountId: string;
  draftIds: string[];
  created: number;
  refused: number;
  /** When the import was undone; null while it stands. */
  undoneAt: string | null;
}

export interface ImportUndoResult {
  importId: string;
  /** Drafts moved to the trash. */
  trashed: number;
  /** Drafts already gone (deleted or in the trash). */
  gone: number;
  /** Drafts kept because they were published or are being published, by id. */
  kept: string[];
}

/** Progress of an import's run: drafts written, then photos taken in. */
export interface ImportProgress {
  runId: string;
  phase: 'drafts' | 'photos' | 'done';
  done: number;
  total: number;
}
