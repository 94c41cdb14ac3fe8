// Photo bytes in bulk, as they are: `pg` reads every column of a result as text, so a photo came
// down as hex, twice its size (and its binary mode decodes bytea as UTF-8, which breaks it). COPY in
// its binary format carries the bytes as they are (pg-copy-streams). COPY takes no parameters, so
// the wanted hashes go in first through a parameterized set_config, never into the statement's text.
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { SHOP_SCHEMA } from './migrations';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The rows of a COPY ... (FORMAT binary) of text and bytea columns: each field's bytes (null for NULL). */
export function parseBinaryCopy(data: Buffer): (Buffer | null)[][] {
  if (data.length < 19 || !data.subarray(0, 11).equals(SIGNATURE))
    throw new Error('Not a binary COPY stream.');
  let at = 15 + 4 + data.readInt32BE(15);
  const rows: (Buffer | null)[][] = [];
  for (;;) {
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) return rows;
    const row: (Buffer | null)[] = [];
    for (let i = 0; i < fields; i += 1) {
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) row.push(null);
      else {
        row.push(data.subarray(at, at + length));
        at += length;
      }
    }
    rows.push(row);
  }
}

/** The bytes of the photos the shop holds of `hashes`, by hash (one COPY on one connection). */
export async function copyPhotos(pool: pg.Pool, hashes: string[]): Promise<Map<string, Buffer>> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query(`select set_config('listing_desk.wanted', $1, false)`, [hashes.join(',')]);
    const stream = client.query(
      copyTo(
        `copy (select hash, bytes from ${SHOP_SCHEMA}.photos
               where hash = any(string_to_array(current_setting('listing_desk.wanted'), ',')))
         to stdout (format binary)`,
      ),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const found = new Map<string, Buffer>();
    for (const [hash, bytes] of parseBinaryCopy(Buffer.concat(chunks)))
      if (hash && bytes) found.set(hash.toString('utf8'), bytes);
    return found;
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // A connection that failed mid-COPY is not given back to the pool for the next query.
    client.release(failed);
  }
}

/** One row of a binary COPY: each field's bytes. */
function copyRow(fields: Buffer[]): Buffer {
  const head = Buffer.alloc(2);
  head.writeInt16BE(fields.length);
  const parts: Buffer[] = [head];
  for (const field of fields) {
    const length = Buffer.alloc(4);
    length.writeInt32BE(field.length);
    parts.push(length, field);
  }
  return Buffer.concat(parts);
}

const COPY_HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** Writes `rows` to a binary COPY ... FROM STDIN on `client`. */
async function copyRows(client: pg.PoolClient, statement: string, rows: Buffer[][]): Promise<void> {
  const stream = client.query(copyFrom(statement));
  const done = new Promise<void>((resolve, reject) => stream.on('finish', resolve).on('error', reject));
  stream.write(COPY_HEADER);
  for (const row of rows) stream.write(copyRow(row));
  stream.end(COPY_TRAILER);
  await done;
}

const int4 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const uuid = (value: string) => Buffer.from(value.replace(/-/g, ''), 'hex');

/**
 * Puts photos the shop lacks into it: one binary COPY straight into `photos` (each byte written
 * once). When another desk sent one of them meanwhile, the COPY is refused as a whole; then they go
 * through a temporary table, and the ones still missing are added (the other desk's are kept).
 */
export async function copyPhotosIn(
  pool: pg.Pool,
  photos: { hash: string; bytes: Buffer }[],
  deskId: string,
): Promise<void> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    try {
      await copyRows(
        client,
        `copy ${SHOP_SCHEMA}.photos (hash, bytes, size, desk) from stdin (format binary)`,
        photos.map((photo) => [
          Buffer.from(photo.hash, 'utf8'),
          photo.bytes,
          int4(photo.bytes.length),
          uuid(deskId),
        ]),
      );
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
    }
    await client.query('begin');
    await client.query(
      'create temporary table if not exists photos_in (hash text, bytes bytea) on commit delete rows',
    );
    await copyRows(
      client,
      'copy photos_in (hash, bytes) from stdin (format binary)',
      photos.map((photo) => [Buffer.from(photo.hash, 'utf8'), photo.bytes]),
    );
    await client.query(
      `insert into ${SHOP_SCHEMA}.photos (hash, bytes, size, desk)
       select hash, bytes, length(bytes), $1 from photos_in on conflict (hash) do nothing`,
      [deskId],
    );
    await client.query('commit');
  } catch (error) {
    failed = error as Error;
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release(failed);
  }
}
