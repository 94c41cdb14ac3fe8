// A Google XML feed read twice from its kept copy (issue 35.8): the outline first, then the items
// again as the plan makes its rows; a copy that changed in between is refused, never mixed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outlineXmlItems } from '../../../src/main/feeds/fetch/xml-stream';
import { readXmlItems } from '../../../src/main/feeds/fetch/xml-items';
import { createReadStream } from 'node:fs';
import { productRows, productUnits, type ProductItem } from '../../../src/shared/domain/feeds';

const G = 'http://base.google.com/ns/1.0';
const dir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-xml-stream-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const item = (id: string, extra = '') =>
  `<item><g:id>${id}</g:id><g:title>Jacke ${id} • warm</g:title>` +
  `<g:description>&lt;p&gt;Eine Jacke&lt;/p&gt;&lt;ul&gt;&lt;li&gt;warm&lt;/li&gt;&lt;/ul&gt;${'x'.repeat(20_000)}</g:description>` +
  `<g:price>49.90 EUR</g:price><g:availability>in_stock</g:availability>${extra}</item>`;
const feed = (items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:g="${G}"><channel>${items.join('')}</channel></rss>`;
const changed = () => new Error('changed meanwhile');
const NOW = new Date('2026-12-01T00:00:00Z');

describe('outlineXmlItems', () => {
  it('gives the items read again as readXmlItems reads them, and rows as productRows makes them', async () => {
    const group = (size: string) => `<g:item_group_id>G-1</g:item_group_id><g:size>${size}</g:size>`;
    // A group's variants far apart: its row comes once the last is read, at its first variant's place.
    const items = [item('G-1-S', group('S')), item('A'), item('B'), item('G-1-M', group('M')), item('C')];
    const file = path.join(dir, 'feed.xml');
    await writeFile(file, feed(items));
    const { format, stream } = await outlineXmlItems(file, changed);
    expect(format).toBe('google-rss');
    expect(stream.outline.map((o) => o.id)).toEqual(['G-1-S', 'A', 'B', 'G-1-M', 'C']);
    const again: ProductItem[] = [];
    await stream.each((one) => again.push(one));
    expect(again).toEqual((await readXmlItems(createReadStream(file))).items);

    const units = productUnits(stream.outline, { format, now: NOW });
    expect(units.references).toEqual(['G-1', 'A', 'B', 'C']);
    const made: [number, string | null][] = [];
    const rows = new Array<unknown>(units.references.length);
    await stream.each((one) =>
      units.take(one, (unit, row) => {
        made.push([unit, row.reference]);
        rows[unit] = row;
      }),
    );
    expect(made).toEqual([
      [1, 'A'],
      [2, 'B'],
      [0, 'G-1'],
      [3, 'C'],
    ]);
    const whole = productRows(again, { format, now: NOW });
    expect(rows).toEqual(whole.rows);
    expect(units.sample()).toEqual(whole.sample);
  });

  it('refuses a second reading of a copy that changed, went or grew since its outline', async () => {
    const file = path.join(dir, 'changing.xml');
    await writeFile(file, feed([item('A'), item('B')]));
    const first = await outlineXmlItems(file, changed);
    await writeFile(file, feed([item('A'), item('B2')]));
    await expect(first.stream.each(() => undefined)).rejects.toThrow('changed meanwhile');

    await writeFile(file, feed([item('A')]));
    const second = await outlineXmlItems(file, changed);
    await writeFile(file, feed([item('A'), item('B'), item('C')]));
    const taken: string[] = [];
    await expect(second.stream.each((one) => taken.push(one.id))).rejects.toThrow('changed meanwhile');
    expect(taken).toEqual(['A']);

    await rm(file);
    await expect(second.stream.each(() => undefined)).rejects.toThrow('changed meanwhile');
  });
});
