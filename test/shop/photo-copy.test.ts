// Photo bytes go up and come down as they are (binary COPY), never as hex or mangled text, and a
// photo another desk sent first is kept (issue 24.2, 24.10).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { copyPhotos, copyPhotosIn, parseBinaryCopy } from '../../src/main/shop/photos/photo-copy';
import { adminQuery, initShop } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});
const photo = (bytes: Buffer) => ({ hash: createHash('sha256').update(bytes).digest('hex'), bytes });

it('sends photos once and reads back every byte, including ones that are not UTF-8', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const desk = randomUUID();
  await adminQuery(url, 'insert into listing_desk.desks (id, name) values ($1, $2)', [desk, 'A']);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);

  const first = photo(Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0xc3]), randomBytes(200_000)]));
  await copyPhotosIn(pool, [first], desk);
  // Another desk's copy of `first` is already there: the batch still lands, `first` kept as it was.
  const second = photo(randomBytes(50_000));
  await copyPhotosIn(pool, [{ ...first, bytes: first.bytes }, second], desk);

  const rows = await adminQuery<{ hash: string; size: number }>(
    url,
    'select hash, size from listing_desk.photos order by size',
  );
  expect(rows).toEqual([
    { hash: second.hash, size: 50_000 },
    { hash: first.hash, size: first.bytes.length },
  ]);
  const back = await copyPhotos(pool, [first.hash, second.hash, 'f'.repeat(64)]);
  expect([...back.keys()].sort()).toEqual([first.hash, second.hash].sort());
  expect(back.get(first.hash)!.equals(first.bytes)).toBe(true);
  expect(back.get(second.hash)!.equals(second.bytes)).toBe(true);
});

it('refuses a stream that is not a binary COPY', () => {
  expect(() => parseBinaryCopy(Buffer.from('hash\tbytes\n'))).toThrow(/binary COPY/);
});
