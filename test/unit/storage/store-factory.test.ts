import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confStoreFactory, openStore, type StoreFactory } from '../../../src/main/storage/store-factory';
import { tempDir } from '../helpers/temp-app';

type Accounts = { active?: string; count: number } & Record<string, unknown>;

describe('openStore', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());
  const options = () => ({ name: 'accounts', cwd: temp.dir, defaults: { count: 0 } as Accounts });
  const file = () => path.join(temp.dir, 'accounts.json');

  it('opens a missing file with the defaults and writes it as JSON', () => {
    const { store, movedAside } = openStore(confStoreFactory, options());
    expect(movedAside).toBeUndefined();
    expect(store.store.count).toBe(0);
    expect(store.path).toBe(file());
    store.set('active', 'sandbox');
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ count: 0, active: 'sandbox' });
  });

  it('reads what an earlier store wrote', () => {
    openStore(confStoreFactory, options()).store.set('count', 7);
    expect(openStore(confStoreFactory, options()).store.store.count).toBe(7);
  });

  it('moves a file that does not parse aside, reports where, and gives a working fresh store', () => {
    writeFileSync(file(), '{ "count": 3, oops');
    const at = new Date('2024-05-06T07:08:09.123Z');
    const { store, movedAside } = openStore(confStoreFactory, options(), () => at);
    expect(movedAside).toBe(`${file()}.unreadable-2024-05-06T07-08-09-123Z`);
    expect(readFileSync(movedAside!, 'utf8')).toBe('{ "count": 3, oops');
    expect(store.store.count).toBe(0);
    store.set('count', 4);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({ count: 4 });
    expect(readdirSync(temp.dir).sort()).toEqual(['accounts.json', path.basename(movedAside!)].sort());
  });

  it('treats an empty file (a write cut short) as unreadable too', () => {
    writeFileSync(file(), '');
    const { movedAside } = openStore(confStoreFactory, options());
    expect(movedAside).toMatch(/accounts\.json\.unreadable-/);
    expect(existsSync(movedAside!)).toBe(true);
  });

  it('rethrows errors other than a parse error and leaves the file alone', () => {
    writeFileSync(file(), '{"count": 1}');
    const failing: StoreFactory = () => {
      throw new Error('EACCES: permission denied');
    };
    expect(() => openStore(failing, options())).toThrow('EACCES');
    expect(readdirSync(temp.dir)).toEqual(['accounts.json']);
  });

  it('rethrows a parse error when there is no file to move aside', () => {
    let calls = 0;
    const factory: StoreFactory = () => {
      calls += 1;
      throw new SyntaxError('Unexpected token');
    };
    expect(() => openStore(factory, options())).toThrow(SyntaxError);
    expect(calls).toBe(1);
    expect(readdirSync(temp.dir)).toEqual([]);
  });
});
