// A Google XML feed read twice from its kept copy (issue 35.8): once for its outline (each item's
// id, group id and sale dates; the XML checked whole, refused as readXmlItems refuses), then again,
// item by item, as the plan makes its rows. The bytes are fingerprinted both times: a copy replaced
// in between (another fetch, a file saved anew) is refused rather than planned half from each.
import { createHash, type Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  outlineOf,
  type ItemOutline,
  type ProductItem,
  type ProductItemStream,
} from '../../../shared/domain/feeds';
import { readXmlItems, type XmlItems } from './xml-items';

/**
 * The file's bytes, each piece also into `hash`, read into one buffer used again and again: the
 * parser decodes each piece before the next is read. Neither a buffer per chunk (memory outside the
 * heap, given back only when the heap is collected) nor text over 128 KB per piece (a string that
 * large goes to the large-object space until a full collection) piles up while a big feed is read.
 */
const CHUNK = 16 * 1024;
async function* hashed(file: string, hash: Hash): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  const buffer = Buffer.allocUnsafeSlow(CHUNK);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) return;
      const bytes = buffer.subarray(0, bytesRead);
      hash.update(bytes);
      yield bytes;
    }
  } finally {
    await handle.close();
  }
}

/** The fields an outline keeps: the first reading keeps no other text. */
const OUTLINED: ReadonlySet<keyof ProductItem> = new Set([
  'id',
  'itemGroupId',
  'salePrice',
  'salePriceEffectiveDate',
] satisfies (keyof ItemOutline)[]);

/**
 * Outlines the XML feed in `file`; its stream reads the file again. `changed` makes the error a
 * second reading answers when the file is no longer the one outlined.
 */
export async function outlineXmlItems(
  file: string,
  changed: () => Error,
): Promise<{ format: XmlItems['format']; stream: ProductItemStream }> {
  const outline: ItemOutline[] = [];
  const first = createHash('sha256');
  const { format } = await readXmlItems(
    hashed(file, first),
    (item) => outline.push(outlineOf(item)),
    OUTLINED,
  );
  const fingerprint = first.digest('hex');
  return {
    format,
    stream: {
      outline,
      async each(take: (item: ProductItem) => void) {
        const again = createHash('sha256');
        let count = 0;
        try {
          await readXmlItems(hashed(file, again), (item) => {
            count += 1;
            if (count > outline.length) throw changed();
            take(item);
          });
        } catch (error) {
          // A copy that went or turned into other XML meanwhile; the planner's own errors go on.
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || (error as Error).name === 'XmlFeedError') throw changed();
          throw error;
        }
        if (again.digest('hex') !== fingerprint || count !== outline.length) throw changed();
      },
    },
  };
}
