// How the command line lays out what it prints: tables in columns, times as the seller's clock
// shows them (the window's one date format, issue 32.7). Shared by the commands that list things.
import { formatDateTime } from '../../../shared/dates';
import type { UiLanguage } from '../../../shared/i18n-language';

/** Rows as columns padded to their widest cell (the last column is not padded). */
export function table(header: readonly string[], rows: readonly string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => [...(row[column] ?? '')].length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** An ISO time as the window writes it, in the seller's language: `23.11.2026, 14:02`. */
export function localTime(iso: string, language: UiLanguage): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return formatDateTime(at, { language });
}
