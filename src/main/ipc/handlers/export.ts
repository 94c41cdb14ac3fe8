import path from 'node:path';
import type { ExportKind, ExportResult } from '../../../shared/domain/tables';
import type { ExportRequest, ExportService } from '../../export/export-service';
import type { Downloads } from '../../files/downloads';
import type { FilePicker } from '../../files/file-picker';
import { mainI18n } from '../../i18n';
import { absolutePaths } from '../absolute-paths';
import { AppError } from '../../errors/app-error';
import type { Handlers } from '../router';

type ExportChannels = Extract<keyof Handlers, `export:${string}`>;

export interface ExportHandlerDeps {
  picker: Pick<FilePicker, 'exportPath' | 'remember'>;
  /** Present where the shell serves exports to the page (the web shell). */
  downloads?: Downloads | undefined;
}

interface Target {
  path?: string | undefined;
  download?: true | undefined;
  format: ExportRequest['format'];
  replace?: boolean | undefined;
}

/** Handlers of the `export:` channels. */
export function exportHandlers(
  exports: ExportService,
  deps: ExportHandlerDeps,
): Pick<Handlers, ExportChannels> {
  const fileName = (kind: ExportKind, format: ExportRequest['format']) =>
    path.basename(exports.defaultPath(kind, format).path);

  // A path the seller typed or picked, or (web shell) a file main writes for the page to download.
  const to = async (
    kind: ExportKind,
    { path: file, download, format, replace }: Target,
    write: (request: ExportRequest) => Promise<ExportResult>,
  ): Promise<ExportResult> => {
    if (file !== undefined) {
      absolutePaths([file]);
      const result = await write({ path: file, format, replace });
      deps.picker.remember('export', file);
      return result;
    }
    if (!download || !deps.downloads) throw new AppError('unavailable', mainI18n.t('errors:noDownloads'));
    const name = fileName(kind, format);
    const prepared = await deps.downloads.prepare(name);
    try {
      const result = await write({ path: prepared.file, format });
      return { ...result, path: name, download: { url: prepared.url, name } };
    } catch (error) {
      await deps.downloads.discard(prepared.file);
      throw error;
    }
  };

  return {
    'export:drafts': ({ ids, ...target }) =>
      to('drafts', target, (request) => exports.drafts({ ...request, ids })),
    'export:listings': (target) => to('listings', target, (request) => exports.listings(request)),
    // In the folder the seller last exported to, the home folder before the first (issue 26.1).
    'export:default-path': ({ kind, format }) => ({ path: deps.picker.exportPath(fileName(kind, format)) }),
  };
}
