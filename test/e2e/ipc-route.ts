// The page's IPC WebSocket routed through the test: each answer and event of main passes `reply`,
// which may change it or hold it back (a busy machine, a damaged answer).
import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * Routes the IPC socket of pages opened after it; `reply` gets each answer's channel and result (and
 * each event's name and payload) and answers what the page gets (a promise holds that one alone
 * until it settles; held ones settled together reach the page in the order main sent them). Returns
 * the route, for events sent to the page.
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
      const data = JSON.parse(String(message)) as
        | { id: number; result?: unknown }
        | { event: string; payload?: unknown };
      const [channel, body, send] =
        'event' in data
          ? [data.event, data.payload, (payload: unknown) => ws.send(JSON.stringify({ ...data, payload }))]
          : [channels.get(data.id), data.result, (result: unknown) => ws.send(JSON.stringify({ ...data, result }))];
      if (!channel) return ws.send(message);
      // Only what is held on purpose waits; the rest keeps its order.
      const answer = reply(channel, body);
      if (answer instanceof Promise) void answer.then(send);
      else send(answer);
    });
  });
  return () => route!;
}
