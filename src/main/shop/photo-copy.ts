// Photo bytes from the shop at their own size: a bytea column read by a query arrives as hex
// text, twice its size on the wire, which doubles a joining desk's wait on a slow line. COPY in
// binary format sends the bytes as they are. COPY takes no parameters, so the hashes go in as a
// parameter of set_config first, and the COPY reads them back from the setting: no text built
// from input reaches the server.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { SHOP_SCHEMA } from './migrations';

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
