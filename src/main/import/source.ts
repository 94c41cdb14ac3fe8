// Opens an import's source: what it is (by its name, or a folder of ad files) and its contents.
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImportKind } from '../../shared/domain/tables';
import { xmlFeedFormat } from '../../shared/domain/feeds';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { readCsv, type CsvDelimiter, type CsvEncoding, type Table } from './csv';
import { findAdFiles, looksLikeAdFile } from './kleinanzeigen-bot';
import { readXlsx } from './xlsx';

export type OpenedSource =
  | {
      kind: 'csv' | 'xlsx';
      table: Table;
      sheets: string[];
      sheet: string | null;
      delimiter?: CsvDelimiter;
      encoding?: CsvEncoding;
    }
  | { kind: 'kleinanzeigen-bot'; files: string[] };

/** Why a source cannot be opened; the renderer words each reason (details.reason). */
export type SourceRefusal =
  'not-found' | 'unsupported-file' | 'no-ad-files' | 'unreadable' | 'no-sheet' | 'xml-feed';

/** The first bytes of a file as text ('' when it cannot be read). */
async function headOf(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return '';
  } finally {
    await handle.close();
  }
}

function refuse(
  code: 'not-found' | 'invalid-input',
  reason: SourceRefusal,
  message: string,
  extra = {},
): AppError {
  return new AppError(code, message, { reason, ...extra });
}

/** The kind a file's name says, or null. */
export function kindOfFile(file: string): ImportKind | null {
  if (/\.(?:csv|tsv|txt)$/i.test(file)) return 'csv';
  if (/\.xlsx$/i.test(file)) return 'xlsx';
  if (looksLikeAdFile(file)) return 'kleinanzeigen-bot';
  return null;
}

/** Opens a file or folder; refuses what it cannot read with an AppError naming the reason. */
export async function openSource(source: string, sheet?: string): Promise<OpenedSource> {
  let info;
  try {
    info = await stat(source);
  } catch {
    throw refuse('not-found', 'not-found', mainI18n.t('errors:sourceNotFound', { source }), { path: source });
  }
  if (info.isDirectory()) {
    const files = await findAdFiles(source).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw refuse(
        'invalid-input',
        'unreadable',
        mainI18n.t('errors:sourceUnreadable', { name: source, cause: message }),
        {
          path: source,
          cause: message,
        },
      );
    });
    if (files.length === 0)
      throw refuse('not-found', 'no-ad-files', mainI18n.t('errors:sourceNoAdFiles', { source }), {
        path: source,
      });
    return { kind: 'kleinanzeigen-bot', files };
  }
  const kind = kindOfFile(source);
  try {
    if (kind === 'csv') {
      const { delimiter, encoding, ...table } = await readCsv(source);
      return { kind, table, sheets: [], sheet: null, delimiter, encoding };
    }
    if (kind === 'xlsx') {
      const { sheets, sheet: chosen, ...table } = await readXlsx(source, sheet);
      return { kind, table, sheets, sheet: chosen };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw refuse(
      'invalid-input',
      'unreadable',
      mainI18n.t('errors:sourceUnreadable', { name: path.basename(source), cause: message }),
      {
        path: source,
        cause: message,
      },
    );
  }
  if (kind === 'kleinanzeigen-bot') return { kind, files: [source] };
  // A product feed in XML (issue 35.1) is a feed's to read by its content, not a table to import:
  // said so, with its format, which the feed form takes as recognized.
  const format = xmlFeedFormat(await headOf(source));
  if (format)
    throw refuse(
      'invalid-input',
      'xml-feed',
      mainI18n.t('errors:sourceXmlFeed', { name: path.basename(source) }),
      { path: source, format },
    );
  throw refuse(
    'invalid-input',
    'unsupported-file',
    mainI18n.t('errors:sourceUnsupported', { name: path.basename(source) }),
    { path: source },
  );
}
