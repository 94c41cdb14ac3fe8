// The command line's entry starts a command only when Node was started with it (issue 25.7): the
// packaged app imports the same module and runs the command itself, once.
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isEntryPoint } from '../../../src/main/cli/entry-point';
import { tempDir } from '../helpers/temp-app';

const folder = tempDir('listing-desk-entry-');
afterAll(() => folder.remove());
const file = path.join(folder.dir, 'main.js');
writeFileSync(file, '');
const url = pathToFileURL(file).href;

describe('isEntryPoint', () => {
  it('is true for the script Node was started with, also through a symbolic link', () => {
    expect(isEntryPoint(url, file)).toBe(true);
    const link = path.join(folder.dir, 'linked.js');
    symlinkSync(file, link);
    expect(isEntryPoint(url, link)).toBe(true);
    expect(isEntryPoint(pathToFileURL(link).href, file)).toBe(true);
  });

  it.each([
    // The packaged app: argv[1] is the command word, or nothing at all.
    ['publish'],
    ['feed'],
    [undefined],
    // Development: Electron's argv[1] is the app's folder, not the module.
    ['.'],
    // Another file (the app's entry, which imported the module).
    [path.join(folder.dir, 'index.js')],
  ])('is false when the process was started as %s', (script) => {
    expect(isEntryPoint(url, script)).toBe(false);
  });

  it('is false for a module that is no file (a bundle loaded from elsewhere)', () => {
    expect(isEntryPoint('data:text/javascript,1', file)).toBe(false);
  });
});
