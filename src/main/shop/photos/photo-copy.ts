// Photo bytes from the shop at their own size: a bytea column read by a query arrives as hex
// text, twice its size on the wire, which doubles a joining desk's wait on a slow line. COPY in
// binary format sends the bytes as they are. COPY takes no parameters, so the hashes go in as a
// parameter of set_config first, and the COPY reads them back from the setting: no text built
// from input reaches the server.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { SHOP_SCHEMA } from '../schema';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The bytes of the photos named by `hashes` that the shop holds, by hash. */
export async function copyPhotos(pool: pg.Pool, hashes: readonly string[]): Promise<Map<string, Buffer>> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query(`select set_config('listing_desk.fetch', $1, false)`, [hashes.join(',')]);
    const chunks: Buffer[] = [];
    await pipeline(
      client.query(
        copyTo(
          `copy (select hash, bytes from ${SHOP_SCHEMA}.photos
                 where hash = any(string_to_array(current_setting('listing_desk.fetch'), ',')))
           to stdout with (format binary)`,
        ),
      ),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    return parseBinaryCopy(Buffer.concat(chunks));
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // A connection a COPY failed on may be mid-stream: it is not given back to the pool.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/** The (hash, bytes) rows of a binary COPY (PostgreSQL's documented format: header, tuples, trailer). */
export function parseBinaryCopy(data: Buffer): Map<string, Buffer> {
  if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not a binary COPY');
  let at = SIGNATURE.length + 4;
  at += 4 + data.readUInt32BE(at);
  const rows = new Map<string, Buffer>();
  for (;;) {
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) return rows;
    if (fields !== 2) throw new Error(`A binary COPY row with ${fields} fields`);
    const values: Buffer[] = [];
    for (let i = 0; i < 2; i += 1) {
      const length = data.readInt32BE(at);
      at += 4;
      values.push(data.subarray(at, at + length));
      at += length;
    }
    rows.set(values[0]!.toString('utf8'), Buffer.from(values[1]!));
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
