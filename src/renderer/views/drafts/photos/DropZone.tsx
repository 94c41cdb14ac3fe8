// Where photos come in: files and folders dragged from the file system onto the panel, or picked
// with a file chooser. Only HTML5 drags carrying files count ("Files" in the types): reordering
// photos uses pointer events and never reaches these handlers.
import { useEffect, useRef, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { readChosen, readDrop, type Dropped } from './dropped-files';

interface DropZoneProps {
  hasPhotos: boolean;
  onDropped(dropped: Dropped): void;
  /** The "Add photos…" button, to take focus when the last photo was removed. */
  addButtonRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

const pathOf = (file: File) => window.api?.pathForFile?.(file);

function carriesFiles(data: DataTransfer | null): boolean {
  return !!data && Array.from(data.types).includes('Files');
}

/**
 * Tracks drags that start in the page (a selected text, an image), so they are not taken for files
 * from outside, and keeps a file dropped beside the zone from replacing the app with the file.
 */
function useWindowDrops(zone: RefObject<HTMLElement | null>): RefObject<boolean> {
  const inPage = useRef(false);
  useEffect(() => {
    const start = () => (inPage.current = true);
    const end = () => (inPage.current = false);
    const outside = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event.dataTransfer) || zone.current?.contains(event.target as Node)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    };
    const drop = (event: globalThis.DragEvent) => {
      end();
      outside(event);
    };
    window.addEventListener('dragstart', start);
    window.addEventListener('dragend', end);
    window.addEventListener('dragover', outside);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragstart', start);
      window.removeEventListener('dragend', end);
      window.removeEventListener('dragover', outside);
      window.removeEventListener('drop', drop);
    };
  }, [zone]);
  return inPage;
}

interface FileInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  folder?: boolean;
  onChosen(files: FileList): void;
}

function FileInput({ inputRef, folder = false, onChosen }: FileInputProps) {
  useEffect(() => {
    // A folder chooser: set as the DOM property, since React knows no webkitdirectory prop.
    if (inputRef.current) inputRef.current.webkitdirectory = folder;
  }, [inputRef, folder]);
  return (
    <input
      ref={inputRef}
      type="file"
      hidden
      multiple
      accept={folder ? undefined : 'image/*'}
      onChange={(event) => {
        const input = event.currentTarget;
        if (input.files) onChosen(input.files);
        // Choosing the same files again must fire a change too.
        input.value = '';
      }}
    />
  );
}

/** The drop target around the photos, with the chooser buttons. */
export function DropZone({ hasPhotos, onDropped, addButtonRef, children }: DropZoneProps) {
  const { t } = useTranslation();
  const zone = useRef<HTMLDivElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const inPage = useWindowDrops(zone);

  const isFileDrag = (event: DragEvent) => carriesFiles(event.dataTransfer) && !inPage.current;

  const onDragOver = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    const to = event.relatedTarget;
    if (to instanceof Node && zone.current?.contains(to)) return;
    setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setOver(false);
    const dropped = readDrop(event.dataTransfer, pathOf);
    if (dropped) onDropped(dropped);
  };
  const chosen = (files: FileList) => {
    const dropped = readChosen(files, pathOf);
    if (dropped) onDropped(dropped);
  };

  return (
    <div
      ref={zone}
      className={`photo-zone${over ? ' is-over' : ''}`}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      <div
        className={`photo-drop${hasPhotos ? '' : ' is-empty'}`}
        role="group"
        aria-label={t('photos.drop.label')}
      >
        <svg className="photo-drop-icon" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M4 16v3h16v-3 M12 4v11 M7.5 8.5L12 4l4.5 4.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="photo-drop-text">{over ? t('photos.drop.release') : t('photos.drop.hint')}</p>
        <div className="photo-drop-buttons">
          <button type="button" ref={addButtonRef} onClick={() => filesInput.current?.click()}>
            {t('photos.drop.addFiles')}
          </button>
          <button type="button" onClick={() => folderInput.current?.click()}>
            {t('photos.drop.addFolder')}
          </button>
          <FileInput inputRef={filesInput} onChosen={chosen} />
          <FileInput inputRef={folderInput} folder onChosen={chosen} />
        </div>
        <p className="photo-drop-formats">{t('photos.drop.formats')}</p>
      </div>
    </div>
  );
}
