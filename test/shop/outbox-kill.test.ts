// The outbox is durable (issue 24.3): a change acknowledged while the database cannot be reached
// survives the desk being killed with SIGKILL, and goes up when the desk opens again.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import type { CutProxy } from './helpers/cut-proxy';
import { deskBehindProxy, openDesk, viaPort, type Desk } from './helpers/desks';

const desks: Desk[] = [];
const proxies: CutProxy[] = [];
afterEach(async () => {
  // The last opened first: a desk opened again on a folder closes before the folder goes.
  for (const desk of desks.splice(0).reverse()) await desk.remove();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

it('sends after a SIGKILL a change the desk acknowledged while offline', async () => {
  // Joined, then closed: the child opens the same data folder, cut off from the database.
  const { a, b, proxy, url } = await deskBehindProxy(desks, proxies);
  await b.close();
  proxy.cut();

  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/shop/helpers/save-child.ts',
      b.dataDir,
      new URL(url).password,
      'Vor dem Absturz',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await vi.waitFor(() => expect(out).toMatch(/\n$/), { timeout: 30_000, interval: 50 });
  const id = out.trim();
  child.kill('SIGKILL');
  await exited;

  proxy.heal();
  const again = await openDesk(url, 'Lager', { dataDir: b.dataDir, via: viaPort(url, proxy.port) });
  desks.push(again);
  await vi.waitFor(
    async () => expect((await a.call<Draft>('drafts:get', { id })).title).toBe('Vor dem Absturz'),
    { timeout: 15_000, interval: 50 },
  );
  expect((await again.app.shop!.status()).waiting).toBe(0);
});
