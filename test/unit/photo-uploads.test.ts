import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PHOTO_UPLOAD_BYTES } from '../../src/shared/ipc/input-schemas';
import {
  MAX_OPEN_UPLOADS,
  openPhotoUploads,
  UPLOAD_IDLE_MS,
  type PhotoUploads,
} from '../../src/main/uploads/photo-uploads';
import { tempDir } from './helpers/temp-app';

describe('photo uploads in pieces', () => {
  let temp: ReturnType<typeof tempDir>;
  let uploads: PhotoUploads;
  let clock = 0;
  const folder = () => path.join(temp.dir, 'uploads');

  beforeEach(async () => {
    temp = tempDir();
    mkdirSync(folder());
    writeFileSync(path.join(folder(), 'old.part'), 'left by a crash');
    clock = 0;
    uploads = await openPhotoUploads(temp.dir, { now: () => clock });
  });
  afterEach(async () => {
    await uploads.close();
    temp.remove();
  });

  it('removes what an earlier run left, then assembles the pieces in order and forgets them', async () => {
    expect(existsSync(path.join(folder(), 'old.part'))).toBe(false);
    const { uploadId } = await uploads.begin(6);
    await expect(uploads.append(uploadId, 0, Buffer.from('abc'))).resolves.toEqual({ received: 3 });
    await expect(uploads.append(uploadId, 3, Buffer.from('def'))).resolves.toEqual({ received: 6 });
    await expect(uploads.take(uploadId)).resolves.toEqual(Buffer.from('abcdef'));
    expect(readdirSync(folder())).toEqual([]);
    await expect(uploads.take(uploadId)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('refuses a piece out of order, more bytes than announced, and an incomplete upload', async () => {
    const { uploadId } = await uploads.begin(4);
    await expect(uploads.append(uploadId, 2, Buffer.from('ab'))).rejects.toMatchObject({ code: 'conflict' });
    await uploads.append(uploadId, 0, Buffer.from('ab'));
    await expect(uploads.append(uploadId, 0, Buffer.from('ab'))).rejects.toMatchObject({ code: 'conflict' });
    await expect(uploads.take(uploadId)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(uploads.append(uploadId, 2, Buffer.from('cde'))).rejects.toMatchObject({
      code: 'invalid-input',
    });
    // The upload that overflowed is gone with its file.
    await expect(uploads.append(uploadId, 2, Buffer.from('cd'))).rejects.toMatchObject({ code: 'not-found' });
    expect(readdirSync(folder())).toEqual([]);
  });

  it('bounds the size of one upload and how many are open at once', async () => {
    await expect(uploads.begin(MAX_PHOTO_UPLOAD_BYTES + 1)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(uploads.begin(0)).rejects.toMatchObject({ code: 'invalid-input' });
    const open = [];
    for (let n = 0; n < MAX_OPEN_UPLOADS; n++) open.push(await uploads.begin(1000));
    await expect(uploads.begin(1000)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Too many photos'),
      details: { upload: 'busy' },
    });
    await expect(uploads.cancel(open[0]!.uploadId)).resolves.toEqual({ done: true });
    await expect(uploads.cancel(open[0]!.uploadId)).resolves.toEqual({ done: false });
    await expect(uploads.begin(1000)).resolves.toMatchObject({ uploadId: expect.any(String) });
  });

  it('bounds the bytes all open uploads may hold', async () => {
    for (let n = 0; n < 6; n++) await uploads.begin(MAX_PHOTO_UPLOAD_BYTES);
    await expect(uploads.begin(1)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('drops an upload abandoned for longer than the idle time when the next one starts', async () => {
    const { uploadId } = await uploads.begin(4);
    await uploads.append(uploadId, 0, Buffer.from('ab'));
    clock += UPLOAD_IDLE_MS + 1;
    await uploads.begin(4);
    await expect(uploads.append(uploadId, 2, Buffer.from('cd'))).rejects.toMatchObject({ code: 'not-found' });
    expect(readdirSync(folder())).toHaveLength(1);
  });
});
