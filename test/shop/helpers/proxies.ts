// The cut proxies a test file starts (helpers/cut-proxy.ts), each closed after its test.
import { afterEach } from 'vitest';
import { startCutProxy, type CutProxy } from './cut-proxy';

/** The proxies of this test file (call at its top level): each is closed after the test that started it. */
export function proxiesPerTest() {
  const proxies: CutProxy[] = [];
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  });
  return {
    /** Starts a proxy in front of the database at `url`, whose port becomes the proxy's. */
    async inFrontOf(url: URL): Promise<CutProxy> {
      const proxy = await startCutProxy(Number(url.port));
      proxies.push(proxy);
      url.port = String(proxy.port);
      return proxy;
    },
  };
}
