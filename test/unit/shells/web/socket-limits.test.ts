// Hostile frames on the web shell's socket: each closes its own socket with a clear close code,
// the process lives, and other pages keep working.
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../../../src/shared/ipc/socket-messages';
import { createLaunchToken, tokenCookieName } from '../../../../src/main/shells/web/guard';
import { startWebShell, type WebShell } from '../../../../src/main/shells/web/server';
import { createTempApp, spyLogger, tempDir, type TempApp } from '../../helpers/temp-app';

describe('the web shell socket under hostile frames', () => {
  const temp = tempDir();
  const token = createLaunchToken();
  const log = spyLogger();
  let backEnd: TempApp;
  let shell: WebShell;
  let origin: string;

  beforeAll(async () => {
    backEnd = await createTempApp(path.join(temp.dir, 'data'));
    shell = await startWebShell({ app: backEnd.app, rendererDir: path.join(temp.dir, 'r'), token, log });
    origin = `http://127.0.0.1:${shell.port}`;
  });
  afterAll(async () => {
    await shell?.close();
    await backEnd?.remove();
    temp.remove();
  });

  function open(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${shell.port}/ipc`, {
        origin,
        headers: { cookie: `${tokenCookieName(shell.port)}=${token}` },
      });
      socket.on('open', () => resolve(socket));
      socket.on('error', reject);
    });
  }

  const closeOf = (socket: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) => {
      socket.on('error', () => undefined); // the client side may see a reset after the close
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });

  async function appInfo(socket: WebSocket): Promise<unknown> {
    const answer = new Promise<unknown>((resolve) =>
      socket.once('message', (data) => resolve((JSON.parse(String(data)) as { result: unknown }).result)),
    );
    socket.send(JSON.stringify({ id: 1, channel: 'app:info' }));
    return answer;
  }

  /** A raw client over TCP, for frames no WebSocket library sends: resolves with the close code. */
  async function rawFrame(frame: Buffer): Promise<number> {
    const tcp = net.connect(shell.port, '127.0.0.1');
    await new Promise((resolve) => tcp.once('connect', resolve));
    tcp.write(
      [
        'GET /ipc HTTP/1.1',
        `Host: 127.0.0.1:${shell.port}`,
        `Origin: ${origin}`,
        `Cookie: ${tokenCookieName(shell.port)}=${token}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    let received = Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      let sent = false;
      tcp.on('error', () => undefined);
      tcp.on('close', () => reject(new Error('closed without a close frame')));
      tcp.on('data', (chunk) => {
        received = Buffer.concat([received, chunk]);
        const head = received.indexOf('\r\n\r\n');
        if (head < 0) return;
        if (!sent) {
          expect(received.subarray(0, 12).toString()).toBe('HTTP/1.1 101');
          tcp.write(frame);
          sent = true;
        }
        const frames = received.subarray(head + 4);
        // A close frame (opcode 8) from the server, unmasked: 2 bytes of header, then the code.
        if (frames.length >= 4 && (frames[0]! & 0x0f) === 8) {
          resolve(frames.readUInt16BE(2));
          tcp.destroy();
        }
      });
    });
  }

  /** A masked client frame header (mask key of zeros, so the payload is sent as it is). */
  function frameHeader(firstByte: number, length: number): Buffer {
    if (length < 126) return Buffer.from([firstByte, 0x80 | length, 0, 0, 0, 0]);
    const header = Buffer.alloc(14);
    header[0] = firstByte;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
    return header;
  }

  it('closes a socket sending a message over the limit with 1009; the other page goes on', async () => {
    const bystander = await open();
    const hostile = await open();
    const closed = closeOf(hostile);
    hostile.send('x'.repeat(MAX_SOCKET_MESSAGE_BYTES + 1));
    await expect(closed).resolves.toMatchObject({ code: 1009 });
    await expect(appInfo(bystander)).resolves.toMatchObject({ ok: true, value: { name: 'Listing Desk' } });
    const next = await open();
    await expect(appInfo(next)).resolves.toMatchObject({ ok: true });
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('socket'), expect.any(RangeError));
    bystander.close();
    next.close();
  });

  it('answers a call just under the limit', async () => {
    const socket = await open();
    const padding = 'x'.repeat(MAX_SOCKET_MESSAGE_BYTES - 100);
    const answer = new Promise<unknown>((resolve) =>
      socket.once('message', (data) => resolve((JSON.parse(String(data)) as { result: unknown }).result)),
    );
    socket.send(JSON.stringify({ id: 7, channel: 'app:info', input: { padding } }));
    await expect(answer).resolves.toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    socket.close();
  });

  it('closes with 1009 on a frame header announcing a huge payload, before any of it arrives', async () => {
    await expect(rawFrame(frameHeader(0x81, 2 ** 40))).resolves.toBe(1009);
    await expect(appInfo(await open())).resolves.toMatchObject({ ok: true });
  });

  it('closes with 1002 on a frame breaking the protocol (a reserved bit set)', async () => {
    await expect(rawFrame(Buffer.concat([frameHeader(0x81 | 0x20, 2), Buffer.from('{}')]))).resolves.toBe(
      1002,
    );
  });

  it('closes with 1007 on text that is not UTF-8', async () => {
    await expect(rawFrame(Buffer.concat([frameHeader(0x81, 2), Buffer.from([0xc3, 0x28])]))).resolves.toBe(
      1007,
    );
  });

  it.each([
    ['a binary frame', Buffer.from('{"id":1,"channel":"app:info"}'), true],
    ['text that is not JSON', '{"id":1,', false],
    ['JSON without a numeric id', '{"channel":"app:info"}', false],
  ])('closes with 1003 on %s', async (_what, data, binary) => {
    const socket = await open();
    const closed = closeOf(socket);
    socket.send(data, { binary });
    await expect(closed).resolves.toEqual({ code: 1003, reason: 'Malformed message' });
  });

  it('answers 400 to a request line that is not a URL, and lives', async () => {
    const tcp = net.connect(shell.port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      tcp.on('data', (chunk) => (text += String(chunk)));
      tcp.on('end', () => resolve(text));
      tcp.on('close', () => resolve(text));
    });
    tcp.write(`GET //:99999 HTTP/1.1\r\nHost: 127.0.0.1:${shell.port}\r\nConnection: close\r\n\r\n`);
    await expect(answer).resolves.toMatch(/^HTTP\/1.1 400/);
    const upgrade = net.connect(shell.port, '127.0.0.1').resume();
    upgrade.write(
      `GET //:99999 HTTP/1.1\r\nHost: 127.0.0.1:${shell.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    );
    let refusal = '';
    upgrade.on('data', (chunk) => (refusal += String(chunk)));
    await new Promise((resolve) => upgrade.on('close', resolve).on('error', resolve));
    expect(refusal).toMatch(/^HTTP\/1.1 403/);
    await expect(appInfo(await open())).resolves.toMatchObject({ ok: true });
  });
});
