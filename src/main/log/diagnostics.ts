// "Save diagnostics…": one text file with what main knows about itself (app:info, versions, the
// system) and every log file, oldest first, scrubbed of secrets once more on the way out. Electron
// asks where to save it (a port); the web shell writes it into `<dataDir>/diagnostics/` and the UI
// names the path, since the browser page has no way to choose a folder on the seller's disk and a
// download would need another route through the shell's guarded server.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppInfo, DiagnosticsResult } from '../../shared/ipc/types';
import { logFiles } from './log-files';
import { redactFields, scrubText } from './redact';

export interface DiagnosticsOptions {
  dataDir: string;
  info: AppInfo;
  /** The page's user agent (the browser or Chromium version), as the renderer reports it. */
  userAgent?: string;
  /** Asks the seller where to save (Electron's dialog); undefined = cancelled. Absent: the data folder. */
  choosePath?: (defaultName: string) => Promise<string | undefined>;
  now?: () => Date;
}

/** The default name of a diagnostics file, e.g. `listing-desk-diagnostics-2025-01-31T10-20-30Z.txt`. */
export function diagnosticsFileName(now: Date): string {
  return `listing-desk-diagnostics-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.txt`;
}

/** The versions main can name: app, Node, Electron and Chromium (when inside Electron), the OS. */
export function versions(info: AppInfo, userAgent: string | undefined): Record<string, string> {
  const process_ = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    app: info.version,
    node: process_.node,
    ...(process_.electron && { electron: process_.electron }),
    ...(process_.chrome && { chromium: process_.chrome }),
    ...(userAgent && { userAgent }),
    os: `${os.type()} ${os.release()} (${process.platform} ${process.arch})`,
  };
}

/** The diagnostics text (see the top of this file). */
export function diagnosticsText(options: DiagnosticsOptions, now: Date): string {
  const parts = [
    `Listing Desk diagnostics, ${now.toISOString()}`,
    '',
    '## app:info',
    JSON.stringify(redactFields(options.info), null, 2),
    '',
    '## Versions',
    JSON.stringify(versions(options.info, options.userAgent), null, 2),
  ];
  const files = logFiles(options.dataDir);
  if (files.length === 0) parts.push('', '## Logs', '(no log file)');
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      text = `(could not be read: ${String(error)})`;
    }
    parts.push('', `## Log ${path.basename(file)}`, text.trimEnd());
  }
  return scrubText(`${parts.join('\n')}\n`);
}

/** Writes the diagnostics file where the seller chose (or into the data folder) and says where. */
export async function saveDiagnostics(options: DiagnosticsOptions): Promise<DiagnosticsResult> {
  const now = (options.now ?? (() => new Date()))();
  const name = diagnosticsFileName(now);
  const target = options.choosePath
    ? await options.choosePath(name)
    : path.join(options.dataDir, 'diagnostics', name);
  if (target === undefined) return { saved: false };
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, diagnosticsText(options, now), { mode: 0o600 });
  return { saved: true, path: target };
}
