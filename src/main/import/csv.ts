// CSV as spreadsheets write it: comma, semicolon or tab; quoted fields with line breaks; UTF-8
// with or without a BOM, or Windows-1252 (Excel's "CSV" on a German Windows) when not UTF-8.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { TableCell } from '../../shared/domain/import-rows';

export type CsvDelimiter = ',' | ';' | '\t';
export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface Table {
  header: string[];
  rows: TableCell[][];
}

export interface CsvTable extends Table {
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
}

/** The text of CSV bytes: UTF-8 (BOM dropped) when the bytes are valid UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** The delimiter of the header line: the candidate found most often outside quotes. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as CsvDelimiter] += 1;
  }
  // Ties go to ';': a German sheet's header rarely holds one, an English one's rarely holds either.
  const order: CsvDelimiter[] = [';', ',', '\t'];
  return order.reduce((best, d) => (counts[d] > counts[best] ? d : best), order[0]!);
}

/** Parses CSV text into a header and rows of trimmed text cells; blank lines are left out. */
export function parseCsvText(text: string, delimiter = detectDelimiter(text)): Table {
  const records = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  }) as string[][];
  const [header = [], ...rows] = records;
  return { header: header.map((cell) => cell.trim()), rows };
}

/** Reads a CSV file. */
export async function readCsv(file: string): Promise<CsvTable> {
  const { text, encoding } = decodeCsv(await readFile(file));
  const delimiter = detectDelimiter(text);
  return { ...parseCsvText(text, delimiter), delimiter, encoding };
}
