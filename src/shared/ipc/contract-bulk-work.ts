// The contract's channels of bulk work (issue 17): import, bulk edits, export and templates. Part of
// THE contract (contract.ts spreads them in); main validates every input against these schemas.
import { z } from 'zod';
import { type DraftTemplate, draftIdSchema, templateNameSchema } from '../domain/drafts';
import type { Draft } from '../domain/drafts';
import { bulkEditSchema, type BulkRowPlan } from '../domain/bulk';
import type { BulkDraftsResult, BulkJob } from '../domain/bulk';
import {
  type ExportResult,
  type ImportInspectResult,
  type ImportPreviewResult,
  type ImportRecord,
  type ImportRunResult,
  type ImportUndoResult,
  exportFormatSchema,
  exportKinds,
  importMappingSchema,
} from '../domain/tables';
import { channel, noInput } from './channel';
import { absolutePathSchema, segmentIdSchema } from './input-schemas';

const id = segmentIdSchema;
const draftIds = z.array(draftIdSchema).min(1).max(100_000);

/** An import's source (issue 17): a file or folder on this machine, read by main itself. */
const importSource = {
  path: absolutePathSchema,
  /** An XLSX sheet by name; absent: the first. */
  sheet: z.string().min(1).max(200).optional(),
};
/** What turns the source into drafts: the column mapping (absent: the guessed or remembered one). */
const importPlan = {
  ...importSource,
  mapping: importMappingSchema.optional(),
  /** Where photo file names are looked up besides the table's own folder. */
  photoDir: absolutePathSchema.optional(),
  accountId: id,
  /** A template of that account each draft starts from (the row's own values win). */
  templateId: id.optional(),
  /** Keep shop categories no mapping serves as typed (else such rows come without a category, issue 34.3). */
  categoriesAsTyped: z.boolean().optional(),
};

/** Where an export goes: a new file (or one the seller agreed to replace) of the format's extension. */
const exportTarget = {
  path: absolutePathSchema.optional(),
  /** Instead of a path (web shell, issue 26.1): main writes the file for the page to download once. */
  download: z.literal(true).optional(),
  format: exportFormatSchema,
  replace: z.boolean().optional(),
};
const oneTarget: [
  (input: { path?: unknown; download?: unknown }) => boolean,
  { message: string; path: string[] },
] = [
  (input) => (input.path !== undefined) !== (input.download !== undefined),
  { message: 'give either path or download', path: ['path'] },
];

export const bulkWorkChannels = {
  // Issue 17, import (helper I1).
  /** What the source is: kind, sheets, header, guessed (or remembered) mapping, row count. */
  'import:inspect': channel<ImportInspectResult>()(z.object(importSource).strict()),
  /** Every row as the draft it would become, with its problems; nothing is written. */
  'import:preview': channel<ImportPreviewResult>()(z.object(importPlan).strict()),
  /** Good rows become drafts of the account (never published); progress as `import:progress`. */
  'import:run': channel<ImportRunResult>()(
    z
      .object({
        ...importPlan,
        runId: z.string().min(1).max(100),
        /** Rows (their `index`) the seller left out in the preview. */
        skip: z.array(z.int().positive()).max(100_000).optional(),
        /** Possible duplicates (their `index`) to import all the same; the others are left out. */
        duplicates: z.array(z.int().positive()).max(100_000).optional(),
      })
      .strict(),
  ),
  /** Moves an import's drafts to the trash (published ones are kept and named). */
  'import:undo': channel<ImportUndoResult>()(z.object({ importId: id }).strict()),
  /** Recent imports, newest first. */
  'import:list': channel<{ imports: ImportRecord[] }>()(noInput),
  // Issue 17.4, bulk edits (helper I4).
  /** What an edit would do to each draft (before/after; drafts left out named with why). */
  'bulk:preview-drafts': channel<{ rows: BulkRowPlan[] }>()(
    z.object({ ids: draftIds, edit: bulkEditSchema }).strict(),
  ),
  /** Saves the edit into each draft it changes, at once. */
  'bulk:apply-drafts': channel<BulkDraftsResult>()(
    z.object({ ids: draftIds, edit: bulkEditSchema }).strict(),
  ),
  /** What an edit would do to each live listing, as the service has it now. */
  'bulk:preview-listings': channel<{ rows: BulkRowPlan[] }>()(
    z.object({ uuids: z.array(id).min(1).max(10_000), edit: bulkEditSchema }).strict(),
  ),
  /** Starts the edit of live listings as a resumable job (progress as `bulk:changed`). */
  'bulk:start': channel<BulkJob>()(
    z.object({ uuids: z.array(id).min(1).max(10_000), edit: bulkEditSchema }).strict(),
  ),
  /** Every bulk job, newest first. */
  'bulk:jobs': channel<{ jobs: BulkJob[] }>()(noInput),
  /** Runs a job's failed ads (or one of them) again. */
  'bulk:retry': channel<BulkJob>()(z.object({ jobId: id, uuid: id.optional() }).strict()),
  /** Forgets a finished job. */
  'bulk:dismiss': channel<{ jobs: BulkJob[] }>()(z.object({ jobId: id }).strict()),
  // Issue 17, export and templates (helper I3).
  /** The selected account's drafts (or `ids`) to a CSV or XLSX file; photos as their files' paths. */
  'export:drafts': channel<ExportResult>()(
    z
      .object({ ...exportTarget, ids: z.array(draftIdSchema).min(1).max(100_000).optional() })
      .strict()
      .refine(...oneTarget),
  ),
  /** The selected account's live listings with their publication states in seller words. */
  'export:listings': channel<ExportResult>()(
    z
      .object(exportTarget)
      .strict()
      .refine(...oneTarget),
  ),
  /** A file name to suggest for an export (in the seller's home folder). */
  'export:default-path': channel<{ path: string }>()(
    z.object({ kind: z.enum(exportKinds), format: exportFormatSchema }).strict(),
  ),
  /** An account's templates by name (absent: the selected account's). */
  'templates:list': channel<{ templates: DraftTemplate[] }>()(
    z.object({ accountId: id.optional() }).strict().optional(),
  ),
  /** Saves a draft's shared fields (category, attributes, description, types, location) as a template. */
  'templates:save': channel<DraftTemplate>()(
    z.object({ draftId: draftIdSchema, name: templateNameSchema }).strict(),
  ),
  'templates:rename': channel<DraftTemplate>()(
    z.object({ accountId: id, id, name: templateNameSchema }).strict(),
  ),
  'templates:delete': channel<{ done: boolean }>()(z.object({ accountId: id, id }).strict()),
  /** A new draft of the template's account: its defaults, then the template over them. */
  'templates:new-draft': channel<Draft>()(z.object({ accountId: id, id }).strict()),
};
