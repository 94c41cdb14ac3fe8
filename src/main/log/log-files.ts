// Where the log files live: `<dataDir>/logs/listing-desk.log`, rotated to `.1` (newest) … `.N`.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const LOG_FILE_NAME = 'listing-desk.log';

/** The folder of the log files inside a data folder. */
export function logDir(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

/** The current log file of a data folder. */
export function logFile(dataDir: string): string {
  return path.join(logDir(dataDir), LOG_FILE_NAME);
}

/** The log files of a data folder, oldest first (the current file last); none if the folder is missing. */
export function logFiles(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(logDir(dataDir));
  } catch {
    return [];
  }
  const rotated = names
    .map((name) => /^listing-desk\.log\.(\d+)$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[0], n: Number(match[1]) }))
    .sort((a, b) => b.n - a.n)
    .map((entry) => entry.name);
  const all = names.includes(LOG_FILE_NAME) ? [...rotated, LOG_FILE_NAME] : rotated;
  return all.map((name) => path.join(logDir(dataDir), name));
}
