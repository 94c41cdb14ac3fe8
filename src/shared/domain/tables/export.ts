// Exports of drafts and live listings to spreadsheet files (issue 17): the formats and the answer.
import { z } from 'zod';

export const exportFormats = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = (typeof exportFormats)[number];

export const exportKinds = ['drafts', 'listings'] as const;
export type ExportKind = (typeof exportKinds)[number];

export interface ExportResult {
  path: string;
  format: ExportFormat;
  /** Rows written (drafts or listings). */
  rows: number;
  /** Listings only: the list is the last one known because the service could not be read now. */
  fromMemory?: boolean;
  /** Asked for as a download (web shell): where the page fetches it, once, and the file's name. */
  download?: { url: string; name: string };
}
