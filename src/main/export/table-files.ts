// Writes a table as CSV (UTF-8 with BOM, semicolons, CRLF: what German Excel opens as it is) or as
// XLSX (exceljs), atomically: a failed export leaves no half-written file behind.
import { writeFileAtomic } from '../storage/atomic-file';
import type { ExportFormat } from '../../shared/domain/tables';
import type { Cell, Table } from './columns';

const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;

/**
 * A number with a decimal comma, two decimals and no thousands points ("1234,50"): German Excel and
 * the importer read it back (three decimals would read as a thousands group).
 */
export function csvNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
}

function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? csvNumber(cell) : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV text (with its BOM). */
export function csvText(table: Table): string {
  const lines = [table.header, ...table.rows].map((row) => row.map(csvField).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The table as an XLSX workbook of one sheet named `sheet`. */
export async function xlsxBytes(table: Table, sheet: string): Promise<Uint8Array> {
  // Loaded on first use: exceljs and its zip libraries took a quarter of the app's start (issue 18.5).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Listing Desk';
  const worksheet = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.addRow(table.header).font = { bold: true };
  for (const row of table.rows) worksheet.addRow(row.map((cell) => cell ?? undefined));
  worksheet.columns.forEach((column, index) => {
    const longest = Math.max(
      table.header[index]?.length ?? 0,
      ...table.rows.slice(0, 200).map((row) => String(row[index] ?? '').split('\n')[0]!.length),
    );
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** Writes the table to `file` in `format`. */
export async function writeTable(
  file: string,
  format: ExportFormat,
  table: Table,
  sheet: string,
): Promise<void> {
  const data = format === 'csv' ? csvText(table) : await xlsxBytes(table, sheet);
  await writeFileAtomic(file, data);
}
