import type { ExportService } from '../../export/export-service';
import { absolutePaths } from '../absolute-paths';
import type { Handlers } from '../router';

type ExportChannels = Extract<keyof Handlers, `export:${string}`>;

/** Handlers of the `export:` channels. */
export function exportHandlers(exports: ExportService): Pick<Handlers, ExportChannels> {
  return {
    'export:drafts': ({ path, format, ids, replace }) => {
      absolutePaths([path]);
      return exports.drafts({ path, format, ids, replace });
    },
    'export:listings': ({ path, format, replace }) => {
      absolutePaths([path]);
      return exports.listings({ path, format, replace });
    },
    'export:default-path': ({ kind, format }) => exports.defaultPath(kind, format),
  };
}
