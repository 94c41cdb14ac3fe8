// The import's source picked, not typed (issue 26.1): the system's dialog where the shell has one
// (Electron), else the browser's file chooser; a file dropped anywhere on the step works in both.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { importAccept, type OpenPurpose } from '../../../shared/domain/tables';
import { IpcError } from '../../../shared/ipc/envelope';
import { call } from '../../ipc/client';
import { useFileCapabilities } from '../../ipc/files';
import { UnreadableFileError } from '../../ipc/photo-bytes';
import { useImportStore } from '../../store/import-store';
import { pathOfPicked } from './picked-file';

const carriesFiles = (data: DataTransfer | null) => !!data && Array.from(data.types).includes('Files');
const nameOf = (file: string) => file.split(/[/\\]/).filter(Boolean).pop() ?? file;

/** A failure of the pick itself, worded by its reason (import-words.ts); `message` names the file. */
const pickFailure = (reason: string, name: string) =>
  new IpcError({ code: 'invalid-input', message: name, details: { reason } });

/** Reads a file from the page (chosen or dropped) as the import's source. */
function readPicked(file: File): Promise<void> {
  return useImportStore.getState().pick(async () => {
    try {
      return { path: await pathOfPicked(file), name: file.name };
    } catch (error) {
      // A folder dropped in the browser has no bytes to read: the typed path is the way for it.
      if (error instanceof UnreadableFileError) throw pickFailure('picked-unreadable', file.name);
      throw error;
    }
  });
}

/** Drag-and-drop props for the step's form; `over` while files are dragged over it. */
export function useImportDrop() {
  const [over, setOver] = useState(false);
  // A file dropped beside the form must not replace the app with the file (the browser's default).
  useEffect(() => {
    const outside = (event: globalThis.DragEvent) => {
      if (carriesFiles(event.dataTransfer)) event.preventDefault();
    };
    window.addEventListener('dragover', outside);
    window.addEventListener('drop', outside);
    return () => {
      window.removeEventListener('dragover', outside);
      window.removeEventListener('drop', outside);
    };
  }, []);
  const enter = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return {
    over,
    props: {
      onDragEnter: enter,
      onDragOver: enter,
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event.dataTransfer)) return;
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 1) {
          void useImportStore.getState().pick(() => Promise.reject(pickFailure('one-file', '')));
          return;
        }
        if (files[0]) void readPicked(files[0]);
      },
    },
  };
}

/** The buttons that choose the source, the drop hint, and the picked file's name. */
export function SourcePicker({ over }: { over: boolean }) {
  const { t } = useTranslation();
  const capabilities = useFileCapabilities();
  const picked = useImportStore((s) => s.picked);
  const busy = useImportStore((s) => s.busy);
  const input = useRef<HTMLInputElement>(null);
  const dialogs = capabilities?.dialogs === true;

  const choose = (purpose: OpenPurpose) =>
    useImportStore.getState().pick(async () => {
      const { path } = await call('files:choose', { purpose });
      return path === null ? null : { path, name: nameOf(path) };
    });

  return (
    <div className={`import-drop${over ? ' import-drop-over' : ''}`} data-testid="import-drop">
      <div className="import-drop-actions">
        <button
          type="button"
          className="primary"
          data-autofocus
          disabled={busy}
          onClick={() => (dialogs ? void choose('import-file') : input.current?.click())}
        >
          {t('import.source.chooseFile')}
        </button>
        {dialogs && (
          <button type="button" disabled={busy} onClick={() => void choose('import-folder')}>
            {t('import.source.chooseFolder')}
          </button>
        )}
        <span className="muted">{t('import.source.dropHint')}</span>
      </div>
      <input
        ref={input}
        type="file"
        hidden
        accept={importAccept}
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) void readPicked(file);
        }}
      />
      {picked !== null && (
        <p className="import-picked" data-testid="import-picked">
          {t('import.source.picked', { name: picked })}
          {/* The browser hands over the file alone: photos beside it cannot be found there. */}
          {!dialogs && <span className="muted"> {t('import.source.pickedPhotos')}</span>}
        </p>
      )}
    </div>
  );
}
