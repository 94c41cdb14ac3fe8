// The page's IPC WebSocket routed through the test: each answer and event of main passes `reply`,
// which may change it or hold it back (a busy machine, a damaged answer).
import type { Page, WebSocketRoute } from '@playwright/test';
import type { ServerMessage } from '../../src/shared/ipc/socket-messages';

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
    // Only what is held on purpose waits; the rest keeps its order.
    const pass = (channel: string, body: unknown, rebuild: (body: unknown) => object) => {
      const send = (changed: unknown) => ws.send(JSON.stringify(rebuild(changed)));
      const answer = reply(channel, body);
      if (answer instanceof Promise) void answer.then(send);
      else send(answer);
    };
    server.onMessage((message) => {
      const data = JSON.parse(String(message)) as ServerMessage;
      if ('event' in data) return pass(data.event, data.payload, (payload) => ({ ...data, payload }));
      const channel = channels.get(data.id);
      if (!channel) return ws.send(message);
      pass(channel, data.result, (result) => ({ ...data, result }));
    });
  });
  return () => route!;
}
