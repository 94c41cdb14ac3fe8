// What this desk and the shop last agreed on, per item: the version and body of the row as this
// desk last wrote or read it. A refused compare-and-set and a change arriving over a waiting local
// one are merged three ways against it. Kept under <data>/shop/bases, one file per item, with the
// feed cursor beside them (written after the bases, so a change read again is known by its version).
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../../storage/atomic-file';
import { shopFolder } from '../connection';

export interface Base {
  version: number;
  deleted: boolean;
  body: unknown;
}

const baseSchema = z.object({ version: z.number(), deleted: z.boolean(), body: z.unknown() });
const cursorSchema = z.object({ seq: z.number() });

export interface Bases {
  get(kind: string, id: string): Promise<Base | undefined>;
  set(kind: string, id: string, base: Base): Promise<void>;
  /** The last change of the feed this desk has applied (0: none). */
  cursor(): Promise<number>;
  setCursor(seq: number): Promise<void>;
}

/** The bases and the feed cursor of the desk whose data folder is `dataDir`. */
export function openBases(dataDir: string): Bases {
  const folder = path.join(shopFolder(dataDir), 'bases');
  const cursorFile = path.join(shopFolder(dataDir), 'cursor.json');
  const fileOf = (kind: string, id: string) =>
    path.join(folder, encodeURIComponent(kind), `${encodeURIComponent(id)}.json`);
  const cache = new Map<string, Base>();
  let cursor: number | undefined;
  return {
    async get(kind, id) {
      const file = fileOf(kind, id);
      const cached = cache.get(file);
      if (cached) return cached;
      const read = await readJsonFile(file, (value) => baseSchema.parse(value));
      if (read.state !== 'ok') return undefined;
      const base = { version: read.value.version, deleted: read.value.deleted, body: read.value.body };
      cache.set(file, base);
      return base;
    },
    async set(kind, id, base) {
      const file = fileOf(kind, id);
      await writeFileAtomic(file, JSON.stringify(base));
      cache.set(file, base);
    },
    async cursor() {
      if (cursor !== undefined) return cursor;
      const read = await readJsonFile(cursorFile, (value) => cursorSchema.parse(value));
      cursor = read.state === 'ok' ? read.value.seq : 0;
      return cursor;
    },
    async setCursor(seq) {
      await writeFileAtomic(cursorFile, JSON.stringify({ seq }));
      cursor = seq;
    },
  };
}
