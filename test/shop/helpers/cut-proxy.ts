// A TCP proxy between a desk and its database that the test can cut: `cut()` destroys every
// connection at once (as a pulled cable or a dropped VPN would) and refuses new ones until `heal()`.
// Refused connections are reset at once, so a desk sees "unreachable", never a hang.
import { createServer, connect, type Socket } from 'node:net';

export interface CutProxy {
  /** The loopback port desks connect to instead of the database's. */
  port: number;
  /** Destroys every open connection and refuses new ones until heal(). */
  cut(): void;
  /** Lets connections through again. */
  heal(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to 127.0.0.1:`targetPort`. */
export async function startCutProxy(targetPort: number): Promise<CutProxy> {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const cutAll = () => {
    cut = true;
    for (const socket of [...open]) socket.resetAndDestroy();
    open.clear();
  };
  return {
    port,
    cut: cutAll,
    heal() {
      cut = false;
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
