// The durable outbox: one file per local change of a shared thing under <data>/shop/outbox, named
// by a growing number so the folder's order is the order of the changes. A file names what changed
// (kind, id) and when, not its content: it is written BEFORE the store writes the change (so a
// crash in between leaves a mark for an unchanged item, which sends nothing, rather than a change
// nobody sends), and what goes up is the item as it is when sent. A burst of saves while offline
// so goes up as the item's last state, in the order of its first mark.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { syncFolderSync } from '../../storage/atomic-file';
import { shopFolder } from '../connection';

export interface OutboxMark {
  file: string;
  kind: string;
  id: string;
  /** When the change was made (ISO time): the "when" of a conflict on this side. */
  at: string;
}

export interface Outbox {
  /**
   * Writes a mark durably, before the change it names is made; call the returned function once the
   * change has landed (or failed): until then the item is not sent, so the change cannot be missed.
   */
  mark(kind: string, id: string): () => void;
  /**
   * The oldest item with marks, none of them still landing, not `skipped`: its marks in order, or
   * undefined when there is none.
   */
  next(skipped?: (mark: OutboxMark) => boolean): OutboxMark[] | undefined;
  /** Whether the item has a change waiting to go up. */
  has(kind: string, id: string): boolean;
  /** The marks of an item (its first one says since when it waits). */
  marksOf(kind: string, id: string): OutboxMark[];
  /** Removes marks once what they name is in the database. */
  remove(marks: readonly OutboxMark[]): void;
  count(): number;
  /** Told after each change marked has landed. */
  onMark(listener: () => void): () => void;
}

const NAME = /^(\d{12})\.json$/;

/** Opens (creating) the outbox of the desk whose data folder is `dataDir`. */
export function openOutbox(dataDir: string, now: () => Date = () => new Date()): Outbox {
  const folder = path.join(shopFolder(dataDir), 'outbox');
  mkdirSync(folder, { recursive: true });
  const marks: OutboxMark[] = [];
  let last = 0;
  for (const name of readdirSync(folder).sort()) {
    const match = NAME.exec(name);
    const file = path.join(folder, name);
    if (!match) {
      // A temporary file of a write a crash cut short: its mark was never acknowledged.
      if (name.endsWith('.tmp')) rmSync(file, { force: true });
      continue;
    }
    last = Math.max(last, Number(match[1]));
    const read = JSON.parse(readFileSync(file, 'utf8')) as Omit<OutboxMark, 'file'>;
    marks.push({ file, kind: read.kind, id: read.id, at: read.at });
  }
  const listeners = new Set<() => void>();
  // Marks whose change is still being written (in memory: after a restart every change has landed).
  const landing = new Set<string>();
  const key = (kind: string, id: string) => `${kind}\u0000${id}`;
  return {
    mark(kind, id) {
      last += 1;
      const file = path.join(folder, `${String(last).padStart(12, '0')}.json`);
      const mark = { kind, id, at: now().toISOString() };
      const temp = `${file}.tmp`;
      const fd = openSync(temp, 'w');
      try {
        writeSync(fd, JSON.stringify(mark));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
      syncFolderSync(folder);
      marks.push({ file, ...mark });
      landing.add(file);
      let landed = false;
      return () => {
        if (landed) return;
        landed = true;
        landing.delete(file);
        for (const listener of [...listeners]) listener();
      };
    },
    next(skipped) {
      const busy = new Set(marks.filter((mark) => landing.has(mark.file)).map((m) => key(m.kind, m.id)));
      const first = marks.find((mark) => !busy.has(key(mark.kind, mark.id)) && !skipped?.(mark));
      if (!first) return undefined;
      const wanted = key(first.kind, first.id);
      return marks.filter((mark) => key(mark.kind, mark.id) === wanted);
    },
    has: (kind, id) => marks.some((mark) => mark.kind === kind && mark.id === id),
    marksOf: (kind, id) => marks.filter((mark) => mark.kind === kind && mark.id === id),
    remove(done) {
      const files = new Set(done.map((mark) => mark.file));
      for (const file of files) rmSync(file, { force: true });
      for (let i = marks.length - 1; i >= 0; i -= 1) if (files.has(marks[i]!.file)) marks.splice(i, 1);
    },
    count: () => new Set(marks.map((mark) => key(mark.kind, mark.id))).size,
    onMark(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
