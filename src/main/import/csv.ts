// CSV as spreadsheets write it: comma, semicolon or tab; quoted fields with line breaks; UTF-8
// with or without a BOM, or Windows-1252 (Excel's "CSV" on a German Windows) when not UTF-8.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { TableCell } from '../../shared/domain/tables';

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

// Windows-1252's 0x80-0x9F (Node 20's TextDecoder('windows-1252') decodes them as Latin-1 controls).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

/** Windows-1252 bytes as text. */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const part = Array.from(bytes.subarray(i, i + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : b,
    );
    text += String.fromCharCode(...part);
  }
  return text;
}

/** The text of CSV bytes: UTF-8 (BOM dropped) when the bytes are valid UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
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
    // Rows of empty cells are kept here (and left out later) so that row numbers stay the sheet's.
    skip_empty_lines: true,
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
