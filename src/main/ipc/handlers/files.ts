import path from 'node:path';
import type { ExportService } from '../../export/export-service';
import type { FilePicker } from '../../files/file-picker';
import type { ReceivedFiles } from '../../files/received-files';
import type { PhotoUploads } from '../../uploads/photo-uploads';
import { MAX_PHOTO_UPLOAD_BYTES } from '../../../shared/ipc/input-schemas';
import { AppError } from '../../errors/app-error';
import { mainI18n } from '../../i18n';
import type { Handlers } from '../router';
import { photoBytesOf } from './uploads';

type FilesChannels = Extract<keyof Handlers, `files:${string}`>;

export interface FilesHandlerDeps {
  picker: FilePicker;
  received: ReceivedFiles;
  uploads: PhotoUploads;
  exports: Pick<ExportService, 'defaultPath'>;
  /** The shell serves prepared exports to the page (the web shell). */
  downloads: boolean;
}

/** Handlers of the `files:` channels (issue 26.1). */
export function filesHandlers(deps: FilesHandlerDeps): Pick<Handlers, FilesChannels> {
  const { picker, received, uploads, exports } = deps;
  return {
    'files:capabilities': () => ({ dialogs: picker.dialogs, downloads: deps.downloads }),
    'files:choose': ({ purpose }) => picker.choose(purpose),
    'files:choose-export': ({ kind, format }) =>
      picker.chooseExport(path.basename(exports.defaultPath(kind, format).path), format),
    'files:receive': async (input) => {
      const bytes = await photoBytesOf(uploads, input);
      if (bytes === null)
        throw new AppError(
          'invalid-input',
          mainI18n.t('errors:receivedTooLarge', {
            name: input.name,
            megabytes: Math.round(MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024),
          }),
          { reason: 'too-large' },
        );
      return received.keep(input.name, bytes);
    },
  };
}
