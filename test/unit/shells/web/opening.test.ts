// The web shell serves the page while the app is still opening (issue 18.5): the page loads, and the
// calls it makes meanwhile wait for the app and are then answered, its events forwarded too.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { App } from '../../../../src/main/app';
import { createLaunchToken, tokenCookieName } from '../../../../src/main/shells/web/guard';
import { startWebShell, type WebShell } from '../../../../src/main/shells/web/server';
import { createTempApp, tempDir, type TempApp } from '../../helpers/temp-app';

const temp = tempDir();
const token = createLaunchToken();
let shell: WebShell | undefined;
let backEnd: TempApp | undefined;

afterEach(async () => {
  await shell?.close();
  await backEnd?.remove();
  shell = undefined;
  backEnd = undefined;
});

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { host: `127.0.0.1:${port}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the web shell while the app opens', () => {
  it('serves the page at once, and answers calls made meanwhile once the app is open', async () => {
    const rendererDir = path.join(temp.dir, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Listing Desk</title>');
    let open!: (app: App) => void;
    const opening = new Promise<App>((resolve) => (open = resolve));
    shell = await startWebShell({ app: opening, photoFile: async () => undefined, rendererDir, token });
    const port = shell.port;

    const page = await get(port, `/?token=${token}`);
    expect(page).toEqual({ status: 200, body: '<!doctype html><title>Listing Desk</title>' });

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ipc`, {
      headers: { cookie: `${tokenCookieName(port)}=${token}` },
      origin: `http://127.0.0.1:${port}`,
    });
    const messages: { id?: number; event?: string; result?: { ok: boolean; value: unknown } }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ id: 1, channel: 'drafts:create', input: undefined }));
    socket.send(JSON.stringify({ id: 2, channel: 'drafts:list', input: { compact: true } }));
    // Nothing is answered while the app is not open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messages).toEqual([]);

    backEnd = await createTempApp(path.join(temp.dir, 'data'));
    open(backEnd.app);
    await expect.poll(() => messages.filter((m) => m.id !== undefined).length, { timeout: 20_000 }).toBe(2);
    const answers = messages.filter((m) => m.id !== undefined).sort((a, b) => a.id! - b.id!);
    expect(answers.map((m) => [m.id, m.result?.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
    // The page was subscribed before its calls ran: it hears of the new draft.
    await expect.poll(() => messages.some((m) => m.event === 'drafts:changed')).toBe(true);
    expect(await backEnd.call('drafts:list')).toMatchObject({ total: 1 });
    socket.close();
  });
});
