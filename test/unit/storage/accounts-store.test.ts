// The accounts file as the app holds it (issue 38.2): read from disk once and then from memory (the
// data folder is the process's alone), each read a copy its caller may change, a write on disk at
// once and read back as written, also by a store opened afresh.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openAccountsStore, sandboxRecord } from '../../../src/main/storage/accounts-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import { tempDir } from '../helpers/temp-app';

let temp: ReturnType<typeof tempDir>;
beforeEach(() => {
  temp = tempDir();
});
afterEach(() => temp.remove());

const shop = () => ({ ...sandboxRecord(), id: 'shop', name: 'Laden', kind: 'service' as const });

it('answers a copy at each read: a caller changing it changes neither the store nor the next read', () => {
  const store = openAccountsStore(confStoreFactory, temp.dir);
  const first = store.read();
  first.accounts[0]!.name = 'Geändert';
  first.activeId = 'elsewhere';
  expect(store.read().accounts[0]!.name).toBe('Sandbox');
  expect(store.read().activeId).toBe('sandbox');
  expect(store.peek?.().accounts[0]!.name).toBe('Sandbox');
});

it('writes at once, reads back what it wrote, and a store opened afresh reads the same', () => {
  const store = openAccountsStore(confStoreFactory, temp.dir);
  expect(store.read().accounts.map((a) => a.id)).toEqual(['sandbox']);
  store.write({ accounts: [sandboxRecord(), shop()], activeId: 'shop' });
  expect(store.read()).toMatchObject({ activeId: 'shop', accounts: [{ id: 'sandbox' }, { id: 'shop' }] });
  expect(store.peek?.().activeId).toBe('shop');
  const file = JSON.parse(readFileSync(path.join(temp.dir, 'accounts.json'), 'utf8')) as {
    activeId: string;
  };
  expect(file.activeId).toBe('shop');
  expect(openAccountsStore(confStoreFactory, temp.dir).read().activeId).toBe('shop');
});

it('reads the file once: later look-ups come from memory, not from the disk', () => {
  const store = openAccountsStore(confStoreFactory, temp.dir);
  store.write({ accounts: [sandboxRecord(), shop()], activeId: 'shop' });
  expect(store.read().activeId).toBe('shop');
  // Only this process writes the data folder (it holds it); a change behind its back is not read.
  const file = path.join(temp.dir, 'accounts.json');
  writeFileSync(file, JSON.stringify({ accounts: [sandboxRecord()], activeId: 'sandbox' }));
  expect(store.read().activeId).toBe('shop');
  expect(store.peek?.().accounts.map((a) => a.id)).toEqual(['sandbox', 'shop']);
});
