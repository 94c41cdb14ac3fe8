// XLSX workbooks (exceljs): the first sheet or a chosen one; cells as text, numbers kept as numbers.
// Only its types at load: exceljs and its zip libraries took a quarter of the app's start (issue 18.5),
// so the library itself is loaded when a workbook is first read.
import type ExcelJS from 'exceljs';
import type { TableCell } from '../../shared/domain/tables';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { Table } from './csv';

export interface XlsxTable extends Table {
  sheets: string[];
  sheet: string;
}

/** A cell's value as text or number (formulas by their result, rich text by its text). */
export function xlsxCell(value: ExcelJS.CellValue): TableCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('result' in value) return xlsxCell(value.result as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return String(value as unknown);
}

/** Reads one sheet of a workbook file, or of its bytes (a feed's download); absent `sheet`: the first. */
export async function readXlsx(file: string | { bytes: Buffer }, sheet?: string): Promise<XlsxTable> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  if (typeof file === 'string') await workbook.xlsx.readFile(file);
  // exceljs' own Buffer type predates @types/node's generic one.
  else await workbook.xlsx.load(file.bytes as unknown as ExcelJS.Buffer);
  const sheets = workbook.worksheets.map((ws) => ws.name);
  const ws = sheet === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheet);
  if (!ws)
    throw new AppError(
      sheet === undefined ? 'invalid-input' : 'not-found',
      sheet === undefined
        ? mainI18n.t('errors:workbookNoSheet')
        : mainI18n.t('errors:workbookNoSheetNamed', { sheet }),
      { reason: 'no-sheet', sheets, ...(sheet !== undefined && { sheet }) },
    );
  const records: TableCell[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: TableCell[] = [];
    // row.values is 1-based with a hole at 0.
    const values = row.values as ExcelJS.CellValue[];
    for (let i = 1; i < values.length; i++) cells.push(xlsxCell(values[i]));
    if (cells.some((c) => c !== null && String(c).trim() !== '')) records.push(cells);
  });
  const [header = [], ...rows] = records;
  return { header: header.map((c) => (c === null ? '' : String(c).trim())), rows, sheets, sheet: ws.name };
}
