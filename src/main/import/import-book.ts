// What the import remembers in the data folder: the column mapping per source (by its header)
// and each import's drafts, so that an import can be undone as a whole.
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ImportMapping, ImportRecord } from '../../shared/domain/tables';
import { importMappingSchema } from '../../shared/domain/tables';
import { writeFileAtomic } from '../storage/atomic-file';

const MAX_MAPPINGS = 200;
const MAX_RECORDS = 100;

interface BookFile {
  version: 1;
  mappings: { key: string; mapping: ImportMapping; at: string }[];
  imports: ImportRecord[];
}

export interface ImportBook {
  mapping(key: string): ImportMapping | undefined;
  rememberMapping(key: string, mapping: ImportMapping): Promise<void>;
  records(): ImportRecord[];
  record(id: string): ImportRecord | undefined;
  /** Adds or replaces a record (by id) and writes the book. */
  saveRecord(record: ImportRecord): Promise<void>;
}

/** Opens the book at `<dataDir>/imports.json`; a file that does not parse is set aside by name. */
export async function openImportBook(
  dataDir: string,
  log: { error(message: string, error?: unknown): void },
): Promise<ImportBook> {
  const file = path.join(dataDir, 'imports.json');
  let book: BookFile = { version: 1, mappings: [], imports: [] };
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<BookFile>;
    book = {
      version: 1,
      mappings: (parsed.mappings ?? []).filter((m) => importMappingSchema.safeParse(m.mapping).success),
      imports: parsed.imports ?? [],
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      log.error(`imports.json did not parse; it is kept as imports.json.unreadable`, error);
      await rename(file, `${file}.unreadable`).catch(() => undefined);
    }
  }
  // Writes one after the other, each with the book as it is by then.
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    // A failed write is the caller's to report; the next one still runs.
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(file, JSON.stringify(book)));
    return writing;
  };
  return {
    mapping: (key) => book.mappings.find((m) => m.key === key)?.mapping,
    async rememberMapping(key, mapping) {
      book.mappings = [
        { key, mapping, at: new Date().toISOString() },
        ...book.mappings.filter((m) => m.key !== key),
      ].slice(0, MAX_MAPPINGS);
      await write();
    },
    records: () => [...book.imports],
    record: (id) => book.imports.find((r) => r.id === id),
    async saveRecord(record) {
      const at = book.imports.findIndex((r) => r.id === record.id);
      if (at === -1) book.imports = [record, ...book.imports].slice(0, MAX_RECORDS);
      else book.imports = book.imports.with(at, record);
      await write();
    },
  };
}
