// A job's photo files in the shop, by content hash (listing_desk.photos): sent once by the desk
// that queues the job, fetched by a desk that takes the job over and lacks them.
import { createHash } from 'node:crypto';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { JobRecord } from '../../publish/jobs';
import { writeFileAtomic } from '../../storage/atomic-file';

type Db = Pick<pg.Pool, 'query'>;

/** Sends the job's photo files the shop lacks; resolves with each file's hash. */
export async function sendJobPhotos(
  db: Db,
  record: JobRecord,
  photoPath: (name: string) => string,
  deskId: string,
): Promise<Record<string, string>> {
  return sendPhotoFiles(
    db,
    record.photos.map((photo) => ({ name: photo.file, file: photoPath(photo.file) })),
    deskId,
  );
}

/** Sends the named files the shop lacks (by content hash); resolves with each name's hash. */
export async function sendPhotoFiles(
  db: Db,
  sources: readonly { name: string; file: string }[],
  deskId: string,
): Promise<Record<string, string>> {
  const files = new Map<string, { hash: string; bytes: Buffer }>();
  for (const source of sources) {
    const bytes = await readFile(source.file);
    files.set(source.name, { hash: createHash('sha256').update(bytes).digest('hex'), bytes });
  }
  const hashes = [...new Set([...files.values()].map((file) => file.hash))];
  const known = await db.query<{ hash: string }>(
    `select hash from listing_desk.photos where hash = any($1)`,
    [hashes],
  );
  const have = new Set(known.rows.map((row) => row.hash));
  for (const { hash, bytes } of files.values()) {
    if (have.has(hash)) continue;
    have.add(hash);
    await db.query(
      `insert into listing_desk.photos (hash, bytes, size, desk) values ($1, $2, $3, $4)
       on conflict (hash) do nothing`,
      [hash, bytes, bytes.length, deskId],
    );
  }
  return Object.fromEntries([...files].map(([name, file]) => [name, file.hash]));
}

/** Fetches the photo files of a job that this desk lacks (a job taken over from another desk). */
export async function fetchJobPhotos(
  db: Db,
  photos: Record<string, string>,
  photoPath: (name: string) => string,
): Promise<void> {
  for (const [name, hash] of Object.entries(photos)) {
    const file = photoPath(name);
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      continue;
    const found = await db.query<{ bytes: Buffer }>(`select bytes from listing_desk.photos where hash = $1`, [
      hash,
    ]);
    const bytes = found.rows[0]?.bytes;
    if (!bytes) throw new Error(`The shop lacks the photo ${name} of this job (${hash}).`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, bytes);
  }
}
