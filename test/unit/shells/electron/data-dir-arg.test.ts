import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirArgument } from '../../../../src/main/shells/electron/data-dir-arg';

describe('dataDirArgument', () => {
  it('reads --data-dir=<folder> and --data-dir <folder> among Chromium switches, made absolute', () => {
    expect(dataDirArgument(['/usr/bin/electron', 'out/main/index.js', '--data-dir=/tmp/a b'])).toBe(
      '/tmp/a b',
    );
    expect(dataDirArgument(['electron', '--no-sandbox', '.', '--data-dir', '/tmp/x', '--lang=en-US'])).toBe(
      '/tmp/x',
    );
    expect(dataDirArgument(['electron', '.', '--data-dir=rel/dir'])).toBe(path.resolve('rel/dir'));
  });

  it('gives undefined without the flag or with an empty value', () => {
    expect(dataDirArgument(['electron', '.'])).toBeUndefined();
    expect(dataDirArgument(['electron', '.', '--data-dir='])).toBeUndefined();
    expect(dataDirArgument(['electron', '.', '--data-dir'])).toBeUndefined();
    expect(dataDirArgument(['electron', '.', '--data-directory=/tmp/x'])).toBeUndefined();
  });
});
