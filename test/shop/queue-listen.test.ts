// The publish queue hears the shop through the session's one LISTEN connection (issue 24.3/24.5):
// a job queued while a desk was cut off, whose notification it therefore missed, is read and run
// by that desk once its link is back, never left waiting.
import { afterEach, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { counts } from '../integration/publish/helpers';
import { startCutProxy, type CutProxy } from './helpers/cut-proxy';
import { initShop } from './helpers/desk-session';
import { viaPort } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';
import { shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; proxies: CutProxy[]; sb?: Sandbox } = { desks: [], proxies: [] };
afterEach(async () => {
  for (const desk of opened.desks.splice(0)) await desk.close();
  for (const proxy of opened.proxies.splice(0)) await proxy.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

it('runs a job queued while its LISTEN connection was cut, once the link is back', async () => {
  const url = await freshDatabase();
  const shopId = await initShop(url);
  const sb = await startSandbox({ port: 0, validationDelayMs: 20 });
  opened.sb = sb;
  const proxy = await startCutProxy(Number(new URL(url).port));
  opened.proxies.push(proxy);
  // The office holds the account's secret and reaches the shop through a line the test cuts.
  const office = await shopDesk({ url, shopId, sb }, 'Büro', { url: viaPort(url, proxy.port) });
  const till = await shopDesk({ url, shopId, sb }, 'Kasse', { hasSecret: false });
  opened.desks.push(office, till);

  proxy.cut();
  await vi.waitFor(() => expect(office.session.link().state).toBe('offline'), { timeout: 15_000 });
  const [draft] = await till.d.makeDrafts(1, 1);
  const [press] = await till.engine.start([draft!.id]);
  const jobId = press!.jobId!;
  await vi.waitFor(() => expect(till.engine.get(jobId)).toMatchObject({ state: 'waiting' }));
  expect(counts(sb).listings).toBe(0);

  proxy.heal();
  await vi.waitFor(
    () =>
      expect(till.engine.get(jobId)).toMatchObject({
        state: 'published',
        desk: { runner: 'Büro', requestedBy: 'Kasse' },
      }),
    { timeout: 30_000, interval: 100 },
  );
  expect(counts(sb)).toMatchObject({ listings: 1, publications: 1 });
});
