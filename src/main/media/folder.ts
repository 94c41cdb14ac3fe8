// Turns what was dropped (files and folders, in the order given) into the list of files to take in.
// Folders are walked in natural name order ("IMG 2" before "IMG 10"), as a seller would see them.
// A link inside a dropped folder may point anywhere on the disk; one that leads out of the folder is
// refused, so dropping a folder can never pull in, say, a document from elsewhere.
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { wordsIn } from '../i18n';
import { intakeMessage } from './intake-messages';

export type SkipCode = 'not-a-file' | 'outside-folder' | 'hidden' | 'too-many';

export interface SkippedEntry {
  name: string;
  code: SkipCode;
  /** English, names the entry and says why it was left out. */
  message: string;
}

export interface DroppedFiles {
  /** Paths to hand to intake, as dropped or as found in a folder (links keep their own name). */
  files: string[];
  skipped: SkippedEntry[];
}

export interface CollectOptions {
  /** Stop after this many files, so dropping a home folder by mistake does not walk the disk. */
  maxFiles?: number;
}

const DEFAULT_MAX_FILES = 2000;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
// Names equal but for case or accents still get one fixed order, whatever readdir returned.
const natural = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * A skipped entry with main's media words for it, in English like intakeMessage's: a German window
 * words it by its code (renderer's refusal-text.ts), so a language switch never mixes the two.
 */
function skip(name: string, code: SkipCode, why: string, values: Record<string, number> = {}): SkippedEntry {
  return { name, code, message: wordsIn('en', 'media')(`folder.${why}`, { name, ...values }) };
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

const NOT_A_FILE = 'notRegularFile';

class Collector {
  readonly files: string[] = [];
  readonly skipped: SkippedEntry[] = [];
  /** Set once a file beyond the limit was found; walking stops there. */
  overflow = false;
  // Real paths already taken: a file dropped twice, or reached through a link, is taken once.
  private readonly seen = new Set<string>();

  constructor(private readonly maxFiles: number) {}

  add(file: string, real: string): void {
    if (this.seen.has(real)) return;
    if (this.files.length >= this.maxFiles) {
      this.overflow = true;
      return;
    }
    this.seen.add(real);
    this.files.push(file);
  }

  /** Walks `dir` (real path `realDir`) depth first in natural order; `root` is the dropped folder's real path. */
  async walk(dir: string, realDir: string, root: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      this.skipped.push(skip(path.basename(dir), 'not-a-file', 'folderUnopenable'));
      return;
    }
    entries.sort((a, b) => natural(a.name, b.name));
    for (const entry of entries) {
      if (this.overflow) return;
      const full = path.join(dir, entry.name);
      const real = path.join(realDir, entry.name);
      // Dot files are the system's and tools' (.DS_Store, ._IMG_1.jpg, .thumbnails), not photos.
      if (entry.name.startsWith('.')) {
        this.skipped.push(skip(entry.name, 'hidden', 'hidden'));
      } else if (entry.isSymbolicLink()) {
        await this.link(full, entry.name, root);
      } else if (entry.isDirectory()) {
        await this.walk(full, real, root);
      } else if (entry.isFile()) {
        this.add(full, real);
      } else {
        this.skipped.push(skip(entry.name, 'not-a-file', NOT_A_FILE));
      }
    }
  }

  private async link(full: string, name: string, root: string): Promise<void> {
    let target: string;
    let info;
    try {
      target = await realpath(full);
      info = await stat(target);
    } catch {
      this.skipped.push(skip(name, 'not-a-file', 'brokenLink'));
      return;
    }
    if (!isInside(root, target)) {
      this.skipped.push({ name, code: 'outside-folder', message: intakeMessage('outside-folder', name) });
      return;
    }
    // A linked folder inside the dropped one is walked anyway; following the link too would
    // take its photos twice, or loop forever.
    if (info.isFile()) this.add(full, target);
    else if (!info.isDirectory()) this.skipped.push(skip(name, 'not-a-file', NOT_A_FILE));
  }
}

/** Expands dropped paths into files to take in (folders recursively) and the entries left out. */
export async function collectDroppedFiles(
  paths: string[],
  options: CollectOptions = {},
): Promise<DroppedFiles> {
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const collector = new Collector(maxFiles);
  for (const dropped of paths) {
    const name = path.basename(dropped);
    try {
      // What was dropped itself is what the user chose: a dropped link is followed wherever it
      // leads, and a hidden file dropped on purpose is taken.
      const real = await realpath(dropped);
      const info = await stat(real);
      if (info.isDirectory()) await collector.walk(dropped, real, real);
      else if (info.isFile()) collector.add(dropped, real);
      else collector.skipped.push(skip(name, 'not-a-file', NOT_A_FILE));
    } catch {
      collector.skipped.push(skip(name, 'not-a-file', 'notFound'));
    }
    if (collector.overflow) {
      collector.skipped.push(skip(name, 'too-many', 'tooMany', { max: maxFiles }));
      break;
    }
  }
  return { files: collector.files, skipped: collector.skipped };
}
