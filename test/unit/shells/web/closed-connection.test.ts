// A page reload drops the page's socket and any file still being sent. The shell logs that quietly
// (debug), not as an ERROR line on every reload (issue 26.7); a real failure still is an error.
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLaunchToken, tokenCookieName } from '../../../../src/main/shells/web/guard';
import { startWebShell, type WebShell } from '../../../../src/main/shells/web/server';
import { isClosedConnection } from '../../../../src/main/shells/web/closed-connection';
import { createTempApp, spyLogger, tempDir, type TempApp } from '../../helpers/temp-app';

describe('a page that goes away mid-connection', () => {
  const temp = tempDir();
  const token = createLaunchToken();
  const log = spyLogger();
  let backEnd: TempApp;
  let shell: WebShell;

  beforeAll(async () => {
    const rendererDir = path.join(temp.dir, 'r');
    mkdirSync(rendererDir, { recursive: true });
    // Bigger than the socket buffers, so the reset lands while the file is still being sent.
    writeFileSync(path.join(rendererDir, 'big.js'), 'x'.repeat(32 * 1024 * 1024));
    backEnd = await createTempApp(path.join(temp.dir, 'data'));
    shell = await startWebShell({ app: backEnd.app, rendererDir, token, log });
  });
  afterAll(async () => {
    await shell?.close();
    await backEnd?.remove();
    temp.remove();
  });

  /** Sends `request` over raw TCP, waits for the first bytes of the answer, then resets the connection. */
  async function resetAfterAnswer(request: string[]): Promise<string> {
    const tcp = net.connect(shell.port, '127.0.0.1');
    await new Promise((resolve) => tcp.once('connect', resolve));
    tcp.on('error', () => undefined);
    const first = new Promise<string>((resolve) => tcp.once('data', (chunk) => resolve(String(chunk))));
    tcp.write([...request, '', ''].join('\r\n'));
    const answer = await first;
    tcp.resetAndDestroy();
    return answer;
  }

  it('a reset socket (a reload) is logged at debug, not as an error', async () => {
    const answer = await resetAfterAnswer([
      'GET /ipc HTTP/1.1',
      `Host: 127.0.0.1:${shell.port}`,
      `Origin: http://127.0.0.1:${shell.port}`,
      `Cookie: ${tokenCookieName(shell.port)}=${token}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
    ]);
    expect(answer.slice(0, 12)).toBe('HTTP/1.1 101');
    await vi.waitFor(() =>
      expect(log.debug).toHaveBeenCalledWith(
        expect.stringContaining('closed its connection'),
        expect.objectContaining({ code: 'ECONNRESET' }),
      ),
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a file cut off by a reload is logged at debug, not as an error', async () => {
    log.debug.mockClear();
    const answer = await resetAfterAnswer([
      `GET /big.js?token=${token} HTTP/1.1`,
      `Host: 127.0.0.1:${shell.port}`,
    ]);
    expect(answer.slice(0, 12)).toBe('HTTP/1.1 200');
    await vi.waitFor(() =>
      expect(log.debug).toHaveBeenCalledWith(expect.stringContaining('/big.js'), expect.anything()),
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it('tells a closed connection from a real failure', () => {
    expect(isClosedConnection(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
    expect(
      isClosedConnection(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })),
    ).toBe(true);
    expect(isClosedConnection(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isClosedConnection(new RangeError('Max payload size exceeded'))).toBe(false);
    expect(isClosedConnection(undefined)).toBe(false);
  });
});
