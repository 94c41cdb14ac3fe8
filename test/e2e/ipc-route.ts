// The page's IPC WebSocket routed through the test: each answer of main passes `reply`, which may
// change it or hold it back (a busy machine, a damaged answer), while the rest passes as it is.
import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * Routes the IPC socket of pages opened after it; `reply` gets each answer's channel and result and
 * answers the result the page gets (a promise holds that answer alone until it settles). Returns the
 * route, for events sent to the page.
 */
export async function routeIpc(
  page: Page,
  reply: (channel: string, result: unknown) => unknown,
): Promise<() => WebSocketRoute> {
  let route: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ipc\?token=/, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    const channels = new Map<number, string>();
    ws.onMessage((message) => {
      const data = JSON.parse(String(message)) as { id: number; channel: string };
      channels.set(data.id, data.channel);
      server.send(message);
    });
    server.onMessage((message) => {
      const data = JSON.parse(String(message)) as { id?: number; result?: unknown };
      const channel = data.id === undefined ? undefined : channels.get(data.id);
      if (!channel) return ws.send(message);
      const send = (result: unknown) => ws.send(JSON.stringify({ ...data, result }));
      // Only an answer held on purpose waits; the others keep their order with the events.
      const answer = reply(channel, data.result);
      if (answer instanceof Promise) void answer.then(send);
      else send(answer);
    });
  });
  return () => route!;
}
