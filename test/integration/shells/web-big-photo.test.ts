// A 50 MB photo dropped in the web shell: the page's own code (web bridge, photo pieces) sends it
// over a real socket to the web shell, in messages far below the socket's limit, and main takes
// it in from the pieces it assembled on disk.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import {
  MAX_PHOTO_UPLOAD_BYTES,
  PHOTO_CHUNK_BYTES,
  type InputOf,
  type OutputOf,
} from '../../../src/shared/ipc/contract';
import { IpcError } from '../../../src/shared/ipc/envelope';
import type { ChannelName } from '../../../src/shared/ipc/names';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../../src/shared/ipc/socket-messages';
import type { BridgeApi } from '../../../src/shared/ipc/api';
import { INTAKE_DEFAULTS } from '../../../src/main/media/intake';
import { createLaunchToken } from '../../../src/main/shells/web/guard';
import { startWebShell, type WebShell } from '../../../src/main/shells/web/server';
import { useConnectionStore } from '../../../src/renderer/bridge/connection-store';
import { createWebBridge } from '../../../src/renderer/bridge/web-bridge';
import { photoBytesOf } from '../../../src/renderer/ipc/photo-bytes';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let bridge: BridgeApi;

// The renderer's `call` (ipc/client) over the page's bridge, without the DOM's window.
async function call<C extends ChannelName>(channel: C, input?: InputOf<C>): Promise<OutputOf<C>> {
  const result = await bridge.invoke(channel, input);
  if (!result.ok) throw new IpcError(result.error);
  return result.value as OutputOf<C>;
}

describe('a big photo from the web shell’s page', () => {
  const temp = tempDir();
  const token = createLaunchToken();
  let backEnd: TempApp;
  let shell: WebShell;
  const sent: number[] = [];
  const pageSockets: {
    sendUnchecked(data: string): void;
    once(event: 'close', listener: () => void): void;
  }[] = [];

  beforeAll(async () => {
    backEnd = await createTempApp(path.join(temp.dir, 'data'));
    shell = await startWebShell({ app: backEnd.app, rendererDir: temp.dir, token });
    const origin = `http://127.0.0.1:${shell.port}`;
    // The browser's WebSocket, played by ws: it sends the page's Origin, and counts what it sends.
    class PageSocket extends NodeWebSocket {
      constructor(url: string) {
        super(url, { origin });
        pageSockets.push(this);
      }
      override send(data: string): void {
        sent.push(Buffer.byteLength(data));
        super.send(data);
      }
      sendUnchecked(data: string): void {
        super.send(data);
      }
    }
    vi.stubGlobal('WebSocket', PageSocket);
    const location = { host: `127.0.0.1:${shell.port}`, search: `?token=${token}` };
    bridge = createWebBridge(location);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await shell?.close();
    await backEnd?.remove();
    temp.remove();
  });

  it('arrives in pieces and is taken in whole', { timeout: 120_000 }, async () => {
    // Noise does not compress: a 4080 × 4080 PNG of it is 50 MB.
    const side = 4080;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(49_900_000);
    expect(png.length).toBeLessThanOrEqual(MAX_PHOTO_UPLOAD_BYTES);

    const draft = await call('drafts:create');
    const bytes = await photoBytesOf(new Blob([png]), call);
    expect(bytes).toEqual({ uploadId: expect.any(String) });
    const result = await call('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'big',
      name: 'Panorama 50MB.png',
      size: png.length,
      ...bytes,
    });

    expect(result.refused).toEqual([]);
    expect(result.added).toBe(1);
    // Stored at the default maximum edge, whole: the square keeps its shape.
    expect(result.draft.photos[0]).toMatchObject({
      width: INTAKE_DEFAULTS.maxEdge,
      height: INTAKE_DEFAULTS.maxEdge,
      originalName: 'Panorama 50MB.png',
    });
    const stored: Draft = await call('drafts:get', { id: draft.id });
    expect(stored.photos).toHaveLength(1);
    // Every message stayed one piece in size, far below the socket's limit.
    expect(sent.filter((size) => size > PHOTO_CHUNK_BYTES).length).toBe(
      Math.ceil(png.length / PHOTO_CHUNK_BYTES),
    );
    expect(Math.max(...sent)).toBeLessThan(MAX_SOCKET_MESSAGE_BYTES / 2);
    // Nothing of the upload is left on disk.
    expect(readdirSync(path.join(backEnd.dataDir, 'uploads'))).toEqual([]);
  });

  it('a photo over 50 MiB is not sent at all; main words the refusal', async () => {
    const draft = await call('drafts:create');
    const huge = { size: MAX_PHOTO_UPLOAD_BYTES + 1 } as Blob;
    const bytes = await photoBytesOf(huge, call);
    expect(bytes).toEqual({ base64: null });
    const result = await call('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'huge',
      name: 'Riesig.png',
      size: huge.size,
      ...bytes,
    });
    expect(result.refused[0]).toMatchObject({ name: 'Riesig.png', code: 'too-large' });
  });

  it('an unknown upload id is refused in words, and the socket stays open', async () => {
    const draft = await call('drafts:create');
    await expect(
      call('drafts:add-photo-bytes', {
        draftId: draft.id,
        batchId: 'x',
        name: 'a.png',
        size: 3,
        uploadId: 'nope',
      }),
    ).rejects.toMatchObject({
      code: 'not-found',
      // In the test app's language (German, its system's).
      message: expect.stringContaining('Fügen Sie das Foto noch einmal hinzu'),
    });
    await expect(call('app:info')).resolves.toMatchObject({ shell: 'web' });
  });

  it('refuses a call too big for the socket by itself, keeping the connection', async () => {
    const draft = await call('drafts:create');
    const fields = { ...draft, description: 'x'.repeat(MAX_SOCKET_MESSAGE_BYTES) };
    await expect(call('drafts:save', { draft: fields } as never)).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('too large to send'),
    });
    await expect(call('app:info')).resolves.toMatchObject({ shell: 'web' });
    expect(useConnectionStore.getState().lost).toBeNull();
  });

  // Last: it ends the page's connection.
  it('tells the page why when main closes its socket for a message too big', async () => {
    const closed = new Promise<void>((resolve) => pageSockets[0]!.once('close', () => resolve()));
    // Past the bridge's own check, as a page with a bug would send it.
    pageSockets[0]!.sendUnchecked('x'.repeat(MAX_SOCKET_MESSAGE_BYTES + 1));
    await closed;
    expect(useConnectionStore.getState().lost).toBe('too-big');
    await expect(call('app:info')).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('too large'),
    });
  });
});
