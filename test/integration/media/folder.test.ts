// Dropping a folder: walked in natural order, hidden files left out, links out of the folder
// refused by name, non-images handed on to intake (which names each one).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDroppedFiles } from '../../../src/main/media/folder';
import { intakeMany } from '../../../src/main/media/intake-queue';
import { photoLike } from './corpus';

let work: string;
let album: string;
let secret: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ld-folder-'));
  album = path.join(work, 'Flohmarkt Album');
  secret = path.join(work, 'elsewhere', 'passwords.txt');
  await mkdir(path.join(album, 'Teil 2'), { recursive: true });
  await mkdir(path.join(album, '.thumbnails'));
  await mkdir(path.dirname(secret));
  await writeFile(secret, 'not for the listing service');
  const jpeg = await photoLike(64, 48).jpeg().toBuffer();
  for (const name of [
    'IMG 10.jpg',
    'IMG 2.jpg',
    'Küche Foto 1.jpg',
    '写真.jpg',
    path.join('Teil 2', 'IMG 1.jpg'),
  ]) {
    await writeFile(path.join(album, name), jpeg);
  }
  await writeFile(path.join(album, 'Preisliste.txt'), 'Sofa 120 €');
  await writeFile(path.join(album, '.DS_Store'), 'x');
  await writeFile(path.join(album, '.thumbnails', 'a.jpg'), jpeg);
  await symlink(secret, path.join(album, 'harmless.jpg'));
  await symlink(path.join(album, 'missing.jpg'), path.join(album, 'dangling.jpg'));
  await symlink(path.join(album, 'IMG 2.jpg'), path.join(album, 'zz link to IMG 2.jpg'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('collectDroppedFiles', () => {
  it('walks the folder in natural order, keeping names intact and non-images in', async () => {
    const { files } = await collectDroppedFiles([album]);
    expect(files.map((f) => path.relative(album, f))).toEqual([
      'IMG 2.jpg',
      'IMG 10.jpg',
      'Küche Foto 1.jpg',
      'Preisliste.txt',
      path.join('Teil 2', 'IMG 1.jpg'),
      '写真.jpg',
    ]);
  });

  it('refuses a link to a file outside the dropped folder, naming it', async () => {
    const { files, skipped } = await collectDroppedFiles([album]);
    expect(files).not.toContain(path.join(album, 'harmless.jpg'));
    expect(skipped).toContainEqual({
      name: 'harmless.jpg',
      code: 'outside-folder',
      message: expect.stringContaining('“harmless.jpg”') as string,
    });
    expect(skipped.find((s) => s.name === 'harmless.jpg')?.message).toMatch(/outside the dropped folder/);
  });

  it('leaves out hidden entries and dangling links, and reports them', async () => {
    const { files, skipped } = await collectDroppedFiles([album]);
    expect(files.some((f) => f.includes('.thumbnails') || f.endsWith('.DS_Store'))).toBe(false);
    expect(
      skipped
        .filter((s) => s.code === 'hidden')
        .map((s) => s.name)
        .sort(),
    ).toEqual(['.DS_Store', '.thumbnails']);
    expect(skipped).toContainEqual(expect.objectContaining({ name: 'dangling.jpg', code: 'not-a-file' }));
  });

  it('takes a file once, however often it is reached', async () => {
    const { files } = await collectDroppedFiles([path.join(album, 'IMG 2.jpg'), album]);
    expect(files.filter((f) => f.endsWith('IMG 2.jpg'))).toHaveLength(1);
    expect(files.some((f) => f.endsWith('zz link to IMG 2.jpg'))).toBe(false);
  });

  it('keeps the order of what was dropped and reports paths that are gone', async () => {
    const second = path.join(album, 'IMG 2.jpg');
    const first = path.join(album, '写真.jpg');
    const { files, skipped } = await collectDroppedFiles([first, path.join(work, 'nope.jpg'), second]);
    expect(files).toEqual([first, second]);
    expect(skipped).toEqual([expect.objectContaining({ name: 'nope.jpg', code: 'not-a-file' })]);
  });

  it('stops at maxFiles and says so', async () => {
    const { files, skipped } = await collectDroppedFiles([album], { maxFiles: 2 });
    expect(files).toHaveLength(2);
    expect(skipped).toContainEqual(expect.objectContaining({ name: 'Flohmarkt Album', code: 'too-many' }));
  });

  it('a dropped folder with a non-image: the photos are stored, the text file is refused by name', async () => {
    const { files } = await collectDroppedFiles([album]);
    const results = await intakeMany(
      files.map((file) => ({ path: file })),
      { destDir: path.join(work, 'photos', 'draft-1') },
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toEqual([
      expect.objectContaining({
        name: 'Preisliste.txt',
        code: 'not-an-image',
        message: expect.stringContaining('“Preisliste.txt”') as string,
      }),
    ]);
  });
});
