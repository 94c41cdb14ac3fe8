// Photos of a table row: file names in photo columns (absolute, or relative to the chosen photo
// folder, then to the table's own folder), and a folder per row named like the row's reference.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImportProblem } from '../../shared/domain/tables';

const IMAGE = /\.(?:jpe?g|png|webp|gif|tiff?|heic|heif|avif|bmp)$/i;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function imagesIn(dir: string): Promise<string[] | null> {
  try {
    const items = await readdir(dir, { withFileTypes: true });
    return items
      .filter((item) => item.isFile() && !item.name.startsWith('.') && IMAGE.test(item.name))
      .map((item) => item.name)
      .sort(collator.compare)
      .map((name) => path.join(dir, name));
  } catch {
    return null;
  }
}

/** A reference usable as one folder name (no separators, no '.' or '..'). */
function folderName(reference: string): string | null {
  const name = reference.trim();
  return name === '' || name === '.' || name === '..' || /[\\/\0]/.test(name) ? null : name;
}

/** The photo files of one row, in order, and the names that were not found. */
export async function findRowPhotos(
  names: readonly string[],
  reference: string | null | undefined,
  dirs: { tableDir: string; photoDir?: string | undefined },
): Promise<{ photos: string[]; problems: ImportProblem[] }> {
  const bases = dirs.photoDir === undefined ? [dirs.tableDir] : [dirs.photoDir, dirs.tableDir];
  const photos: string[] = [];
  const problems: ImportProblem[] = [];
  const add = (file: string) => {
    if (photos.includes(file))
      problems.push({
        code: 'photo-twice',
        severity: 'warning',
        field: 'photos',
        value: path.basename(file),
      });
    else photos.push(file);
  };
  for (const name of names) {
    const candidates = path.isAbsolute(name) ? [name] : bases.map((base) => path.resolve(base, name));
    let found: string | undefined;
    for (const candidate of candidates) {
      if (await isFile(candidate)) {
        found = candidate;
        break;
      }
    }
    if (found === undefined)
      problems.push({
        code: 'photo-not-found',
        severity: 'warning',
        field: 'photos',
        value: name,
        looked: candidates,
      });
    else add(found);
  }
  const folder = reference ? folderName(reference) : null;
  if (folder !== null) {
    for (const base of bases) {
      const images = await imagesIn(path.join(base, folder));
      if (images === null) continue;
      for (const image of images) if (!photos.includes(image)) photos.push(image);
      break;
    }
  }
  return { photos, problems };
}
