// What the seller dropped or chose, turned into what main takes: file system paths in Electron
// (main walks folders there), or the File objects themselves in the web shell, where the page
// walks dropped folders itself, in the same order and with the same rules as main's walk.
import type { PhotoRefusal } from '../../../../shared/ipc/types';
import { naturalCompare, naturalPathCompare } from './natural-order';

/** Files taken at once at most, as in main: dropping a home folder by mistake must not walk the disk. */
export const MAX_DROPPED_FILES = 2000;

/** A refusal found in the page; its words come from the locale files (`message` is empty). */
export type PageRefusal = PhotoRefusal & { message: '' };

export interface CollectedFiles {
  files: File[];
  skipped: PageRefusal[];
}

export type Dropped =
  { kind: 'paths'; paths: string[] } | { kind: 'files'; collect: () => Promise<CollectedFiles> };

type PathOf = (file: File) => string | undefined;

function refusal(name: string, code: string): PageRefusal {
  return { name, code, message: '' };
}

/** Every file's path when the shell gives one for each (Electron), else null. */
function pathsOf(files: readonly File[], pathOf: PathOf | undefined): string[] | null {
  if (!pathOf || files.length === 0) return null;
  const paths = files.map((file) => pathOf(file) ?? '');
  return paths.every((p) => p !== '') ? paths.slice(0, MAX_DROPPED_FILES) : null;
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** All entries of a folder: readEntries hands them out in batches until it returns none. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

class Walker {
  readonly files: File[] = [];
  readonly skipped: PageRefusal[] = [];
  full = false;

  add(file: File, name = file.name): void {
    if (this.files.length >= MAX_DROPPED_FILES) {
      if (!this.full) this.skipped.push(refusal(name, 'too-many'));
      this.full = true;
      return;
    }
    this.files.push(file);
  }

  /** Walks a dropped folder depth first in natural name order, leaving hidden entries out. */
  async walk(folder: FileSystemDirectoryEntry): Promise<void> {
    let entries: FileSystemEntry[];
    try {
      entries = await entriesOf(folder);
    } catch {
      this.skipped.push(refusal(folder.name, 'unreadable'));
      return;
    }
    entries.sort((a, b) => naturalCompare(a.name, b.name));
    for (const entry of entries) {
      if (this.full) return;
      // Dot files are the system's and tools' (.DS_Store, ._IMG_1.jpg), not photos.
      if (entry.name.startsWith('.')) this.skipped.push(refusal(entry.name, 'hidden'));
      else if (entry.isDirectory) await this.walk(entry as FileSystemDirectoryEntry);
      else if (entry.isFile) await this.file(entry as FileSystemFileEntry);
      else this.skipped.push(refusal(entry.name, 'not-a-file'));
    }
  }

  async file(entry: FileSystemFileEntry): Promise<void> {
    try {
      this.add(await fileOf(entry), entry.name);
    } catch {
      this.skipped.push(refusal(entry.name, 'unreadable'));
    }
  }
}

/**
 * Reads a drop. Must run inside the drop event: the DataTransfer is emptied once it returns; the
 * entries and files taken here stay readable afterwards.
 */
export function readDrop(data: DataTransfer, pathOf: PathOf | undefined): Dropped | null {
  const files = Array.from(data.files);
  const paths = pathsOf(files, pathOf);
  if (paths) return { kind: 'paths', paths };
  const items = Array.from(data.items).filter((item) => item.kind === 'file');
  // A folder has an entry to walk; a file made in the page (no file system behind it) has none.
  const dropped = items.map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
  if (dropped.length === 0 && files.length === 0) return null;
  return {
    kind: 'files',
    collect: async () => {
      const walker = new Walker();
      if (dropped.length === 0) files.forEach((file) => walker.add(file));
      for (const { entry, file } of dropped) {
        if (walker.full) break;
        if (entry?.isDirectory) await walker.walk(entry as FileSystemDirectoryEntry);
        else if (file) walker.add(file);
        else walker.skipped.push(refusal(entry?.name ?? '?', 'not-a-file'));
      }
      return { files: walker.files, skipped: walker.skipped };
    },
  };
}

/** The chosen folder's own path, from one of its files (`Folder/sub/a.jpg` at `/x/Folder/sub/a.jpg`). */
function folderPathOf(file: File, pathOf: PathOf | undefined): string | null {
  const full = pathOf?.(file);
  const relative = file.webkitRelativePath;
  if (!full || !relative.includes('/')) return null;
  const below = relative.length - relative.indexOf('/');
  return full.length > below ? full.slice(0, full.length - below) : null;
}

/**
 * Reads what a file chooser gave. A chosen folder goes to main as the folder (Electron), or its
 * files in natural order, hidden ones left out (web shell), as if it had been dropped.
 */
export function readChosen(list: FileList, pathOf: PathOf | undefined): Dropped | null {
  const files = Array.from(list);
  const first = files[0];
  if (!first) return null;
  const folder = folderPathOf(first, pathOf);
  if (folder) return { kind: 'paths', paths: [folder] };
  const paths = pathsOf(files, pathOf);
  if (paths) return { kind: 'paths', paths };
  return {
    kind: 'files',
    collect: async () => {
      const walker = new Walker();
      const relative = (file: File) => file.webkitRelativePath || file.name;
      const sorted = files.some((f) => f.webkitRelativePath)
        ? [...files].sort((a, b) => naturalPathCompare(relative(a), relative(b)))
        : files;
      for (const file of sorted) {
        if (walker.full) break;
        if (
          relative(file)
            .split('/')
            .some((part) => part.startsWith('.'))
        ) {
          walker.skipped.push(refusal(file.name, 'hidden'));
        } else {
          walker.add(file);
        }
      }
      return { files: walker.files, skipped: walker.skipped };
    },
  };
}
