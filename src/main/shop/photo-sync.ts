// Photos by content: the sha-256 of a file's bytes names it in listing_desk.photos, so each photo
// goes up once however many drafts or desks hold it (the hash already there: nothing is sent), and
// a desk fetches the bytes it lacks after the draft's fields, so a draft opens before its photos.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Log } from '../log/log';
import { writeFileAtomic } from '../storage/atomic-file';
import { SHOP_SCHEMA } from './migrations';
import type { SyncSession } from './open-session';

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

/** Photo transfer of a desk over its session. */
export function createPhotoSync(deps: { dataDir: string; session: SyncSession; log: Log }): PhotoSync {
  const { dataDir, session, log } = deps;
  const hashes = new Map<string, { key: string; hash: string }>();
  const sent = new Set<string>();
  const wanted = new Map<string, { hash: string; done: () => void }>();
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

  const run = async () => {
    for (const [file, item] of wanted) {
      if ((await hashOf(file)) === item.hash) {
        wanted.delete(file);
        continue;
      }
      const found = await session.query<{ bytes: Buffer }>(
        `select bytes from ${SHOP_SCHEMA}.photos where hash = $1`,
        [item.hash],
      );
      const bytes = found.rows[0]?.bytes;
      if (!bytes) {
        // Not up yet: the desk that has it sends it before its draft, so it comes with a later change.
        log.warn('shop: a photo is not in the database yet', { file });
        wanted.delete(file);
        continue;
      }
      await writeFileAtomic(absolute(file), bytes);
      wanted.delete(file);
      item.done();
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
      for (const [file, hash] of Object.entries(files)) {
        if (sent.has(hash)) continue;
        const bytes = await readFile(absolute(file)).catch(() => undefined);
        if (!bytes) continue;
        // Checked again: the file may have changed since the body was read.
        if (createHash('sha256').update(bytes).digest('hex') !== hash) continue;
        await session.query(
          `insert into ${SHOP_SCHEMA}.photos (hash, bytes, size, desk) values ($1, $2, $3, $4)
           on conflict (hash) do nothing`,
          [hash, bytes, bytes.length, session.membership.deskId],
        );
        sent.add(hash);
      }
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
