// The file server of both shells (the web shell's routes, Electron's app:// protocol) follows a
// path only when its real path stays inside its folder: a symlink out of it is refused.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  realFileInside,
  resolvePhotoFile,
  resolveRendererFile,
  resolveServedFile,
} from '../../src/main/serving/static-files';
import { tempDir } from './helpers/temp-app';

const DRAFT = '3f1c2b9e-1111-4a4a-8b8b-000000000000';
const OTHER_DRAFT = '4a2d3c0f-1111-4a4a-8b8b-000000000000';
const PHOTO = '0b6f1f0e-2222-4b4b-9c9c-111111111111.jpg';
const LINK = '1c7a2a1f-2222-4b4b-9c9c-111111111111.jpg';
const THUMB_LINK = '0b6f1f0e-2222-4b4b-9c9c-111111111111.thumb.jpg';

describe('real paths in the file server', () => {
  const temp = tempDir();
  const dataDir = path.join(temp.dir, 'data');
  const photos = path.join(dataDir, 'photos');
  const rendererDir = path.join(temp.dir, 'renderer');
  const secret = path.join(temp.dir, 'secret.jpg');

  beforeAll(() => {
    writeFileSync(secret, 'SECRET');
    mkdirSync(path.join(photos, DRAFT), { recursive: true });
    writeFileSync(path.join(photos, DRAFT, PHOTO), 'JPEG');
    // A link to a file outside, and a draft folder that is a link to a folder outside.
    symlinkSync(secret, path.join(photos, DRAFT, LINK));
    symlinkSync(temp.dir, path.join(photos, OTHER_DRAFT));
    // A link that stays inside the photos folder is fine.
    symlinkSync(path.join(photos, DRAFT, PHOTO), path.join(photos, DRAFT, THUMB_LINK));
    mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
    symlinkSync(secret, path.join(rendererDir, 'assets', 'leak.js'));
    symlinkSync(temp.dir, path.join(rendererDir, 'up'));
  });
  afterAll(() => temp.remove());

  it('serves a stored photo and a link that stays inside the folder', async () => {
    await expect(resolvePhotoFile(dataDir, `/photos/${DRAFT}/${PHOTO}`)).resolves.toBe(
      path.join(photos, DRAFT, PHOTO),
    );
    await expect(resolvePhotoFile(dataDir, `/photos/${DRAFT}/${THUMB_LINK}`)).resolves.toBe(
      path.join(photos, DRAFT, PHOTO),
    );
  });

  it('refuses a photo that is a symlink to a file outside the photos folder', async () => {
    await expect(resolvePhotoFile(dataDir, `/photos/${DRAFT}/${LINK}`)).resolves.toBeUndefined();
  });

  it('refuses a draft folder that is a symlink out of the photos folder', async () => {
    writeFileSync(path.join(temp.dir, PHOTO), 'OUTSIDE');
    await expect(resolvePhotoFile(dataDir, `/photos/${OTHER_DRAFT}/${PHOTO}`)).resolves.toBeUndefined();
  });

  it('refuses missing photos and folders', async () => {
    await expect(
      resolvePhotoFile(dataDir, `/photos/${DRAFT}/${PHOTO.replace('0b', '0c')}`),
    ).resolves.toBeUndefined();
    await expect(realFileInside(photos, path.join(photos, DRAFT))).resolves.toBeUndefined();
  });

  it('refuses renderer files and folders that are symlinks out of the build folder', async () => {
    await expect(resolveRendererFile(rendererDir, '/')).resolves.toBe(path.join(rendererDir, 'index.html'));
    await expect(resolveRendererFile(rendererDir, '/assets/leak.js')).resolves.toBeUndefined();
    await expect(resolveRendererFile(rendererDir, '/up/secret.jpg')).resolves.toBeUndefined();
  });

  it('what app:// and the web shell serve: the photo, else the renderer file, never a link out', async () => {
    const photoFile = (urlPath: string) => resolvePhotoFile(dataDir, urlPath);
    await expect(resolveServedFile(rendererDir, photoFile, `/photos/${DRAFT}/${PHOTO}`)).resolves.toEqual({
      file: path.join(photos, DRAFT, PHOTO),
      photo: true,
    });
    await expect(resolveServedFile(rendererDir, photoFile, '/index.html')).resolves.toEqual({
      file: path.join(rendererDir, 'index.html'),
      photo: false,
    });
    for (const urlPath of [
      `/photos/${DRAFT}/${LINK}`,
      `/photos/${OTHER_DRAFT}/${PHOTO}`,
      '/assets/leak.js',
      '/up/secret.jpg',
    ]) {
      await expect(resolveServedFile(rendererDir, photoFile, urlPath)).resolves.toBeUndefined();
    }
  });
});
