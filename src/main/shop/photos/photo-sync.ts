// Photos by content: the sha-256 of a file's bytes names it in listing_desk.photos, so each photo
// goes up once however many drafts or desks hold it (the hash already there: nothing is sent), and
// a desk fetches the bytes it lacks after the draft's fields, so a draft opens before its photos.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Log } from '../../log/log';
import { writeFileAtomic } from '../../storage/atomic-file';
import { SHOP_SCHEMA } from '../schema';
import { copyPhotos, copyPhotosIn } from './photo-copy';
import type { SyncSession } from '../session';
import { SHOP_POOL_MAX } from '../connection';

export interface PhotoSync {
  /** The hash of a stored photo (path relative to the data folder), or undefined when it is not here. */
  hashOf(file: string): Promise<string | undefined>;
  /** Sends the photos the database does not hold yet. */
  send(files: Record<string, string>): Promise<void>;
  /** Fetches (in the background, in order) the files this desk lacks; `onFetched` after each draft's. */
  fetch(files: Record<string, string>, onFetched: () => void): void;
  /** Tries again what could not be fetched (the link is back). */
  retry(): void;
  /** Files waiting to be fetched. */
  waiting(): number;
  /** Resolves when nothing waits to be fetched or the link is down. */
  idle(): Promise<void>;
}

interface Wanted {
  hash: string;
  done: () => void;
}

/**
 * COPYs on the line at once, sending and fetching together: the pool has SHOP_POOL_MAX (three)
 * connections, and one is always left for the feed, the heartbeat and the publish queue's leases.
 */
const COPYING = SHOP_POOL_MAX - 1;
/**
 * Batches of photos under way at once, and photos in each fetched: more batches than COPYs, so
 * one batch's files are hashed and written while the others' bytes are on the line.
 */
const FETCHING = 4;
const BATCH = 4;

/** Bytes of photos sent by one COPY, and batches read and hashed ahead of their COPY. */
const SEND_BATCH_BYTES = 8 * 1024 * 1024;
const SEND_AHEAD = 3;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Photo transfer of a desk over its session. */
export function createPhotoSync(deps: { dataDir: string; session: SyncSession; log: Log }): PhotoSync {
  const { dataDir, session, log } = deps;
  const hashes = new Map<string, { key: string; hash: string }>();
  const sent = new Set<string>();
  const wanted = new Map<string, Wanted>();
  const copying = pLimit(COPYING);
  let running: Promise<void> | undefined;
  const absolute = (file: string) => path.join(dataDir, ...file.split('/'));

  const hashOf = async (file: string) => {
    let info;
    try {
      info = await stat(absolute(file));
    } catch {
      return undefined;
    }
    const key = `${info.size}:${info.mtimeMs}`;
    const known = hashes.get(file);
    if (known?.key === key) return known.hash;
    const hash = createHash('sha256')
      .update(await readFile(absolute(file)))
      .digest('hex');
    hashes.set(file, { key, hash });
    return hash;
  };

  const settle = (file: string, item: Wanted) => {
    if (wanted.get(file) === item) wanted.delete(file);
  };
  const fetchBatch = async (batch: [string, Wanted][]) => {
    const need: [string, Wanted][] = [];
    for (const [file, item] of batch) {
      if ((await hashOf(file)) === item.hash) settle(file, item);
      else need.push([file, item]);
    }
    if (need.length === 0) return;
    const hashes = [...new Set(need.map(([, item]) => item.hash))];
    const found = await copying(() => copyPhotos(session.pool, hashes));
    await Promise.all(
      need.map(async ([file, item]) => {
        const bytes = found.get(item.hash);
        // Not up yet (the desk that has it sends it before its draft, so it comes with a later
        // change), or not what its hash says: not written.
        if (!bytes || sha256(bytes) !== item.hash) {
          log.warn('shop: a photo is not in the database as its draft names it', { file });
          settle(file, item);
          return;
        }
        await writeFileAtomic(absolute(file), bytes);
        settle(file, item);
        item.done();
      }),
    );
  };
  // A few photos per COPY and a few batches under way: each worker takes the next batch as soon
  // as its last is written, so the line never waits for the slowest batch of a round.
  const run = async () => {
    while (wanted.size > 0) {
      const taken = new Set<Wanted>();
      const next = () => {
        const batch: [string, Wanted][] = [];
        for (const entry of wanted) {
          if (batch.length === BATCH) break;
          if (taken.has(entry[1])) continue;
          taken.add(entry[1]);
          batch.push(entry);
        }
        return batch;
      };
      const worker = async () => {
        for (let batch = next(); batch.length > 0; batch = next()) await fetchBatch(batch);
      };
      await Promise.all(Array.from({ length: FETCHING }, worker));
    }
  };

  const start = () => {
    running ??= run()
      .catch((error: unknown) => log.warn('shop: fetching photos stopped', { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    hashOf,
    async send(files) {
      const missing = [...new Set(Object.values(files))].filter((hash) => !sent.has(hash));
      if (missing.length === 0) return;
      const there = await session.query<{ hash: string }>(
        `select hash from ${SHOP_SCHEMA}.photos where hash = any($1::text[])`,
        [missing],
      );
      for (const row of there.rows) sent.add(row.hash);
      const firstFileOf = new Map<string, string>();
      for (const [file, hash] of Object.entries(files))
        if (!sent.has(hash) && !firstFileOf.has(hash)) firstFileOf.set(hash, file);
      // Batches of about SEND_BATCH_BYTES, two COPYs at once: the server stores one while the
      // line carries the next, and each byte crosses the line once (binary COPY).
      const batches: [string, string][][] = [[]];
      let size = 0;
      for (const entry of firstFileOf) {
        const bytes = (await stat(absolute(entry[1])).catch(() => undefined))?.size ?? 0;
        if (size > 0 && size + bytes > SEND_BATCH_BYTES) {
          batches.push([]);
          size = 0;
        }
        batches.at(-1)!.push(entry);
        size += bytes;
      }
      const ahead = pLimit(SEND_AHEAD);
      await Promise.all(
        batches.map((batch) =>
          ahead(async () => {
            const photos: { hash: string; bytes: Buffer }[] = [];
            for (const [hash, file] of batch) {
              const bytes = await readFile(absolute(file)).catch(() => undefined);
              // Checked again: the file may have changed (or gone) since the body was read.
              if (bytes && sha256(bytes) === hash) photos.push({ hash, bytes });
            }
            if (photos.length === 0) return;
            await copying(() => copyPhotosIn(session.pool, photos, session.membership.deskId));
            for (const photo of photos) sent.add(photo.hash);
          }),
        ),
      );
    },
    fetch(files, onFetched) {
      for (const [file, hash] of Object.entries(files)) wanted.set(file, { hash, done: onFetched });
      start();
    },
    retry: start,
    waiting: () => wanted.size,
    async idle() {
      while (running) await running;
    },
  };
}
