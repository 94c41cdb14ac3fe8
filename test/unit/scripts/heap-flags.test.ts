// The main process's V8 flags (issue 35.8) are the same wherever the app is started: the launchers
// take them from scripts/lib/heap-flags.mjs; the packaged Linux entries spell them in
// electron-builder.yml, which cannot import it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ELECTRON_HEAP_FLAGS, NODE_HEAP_FLAGS } from '../../../scripts/lib/heap-flags.mjs';

describe('the heap flags', () => {
  it('give Electron the same V8 flags as node', () => {
    expect(NODE_HEAP_FLAGS.length).toBeGreaterThan(0);
    expect(ELECTRON_HEAP_FLAGS).toEqual([`--js-flags=${NODE_HEAP_FLAGS.join(' ')}`]);
  });

  it('are on both packaged Linux entries (deb and AppImage)', () => {
    const yml = readFileSync('electron-builder.yml', 'utf8');
    const args = [...yml.matchAll(/^\s*executableArgs: \[(.*)\]$/gm)].map((m) => m[1]);
    expect(args).toEqual([`'${ELECTRON_HEAP_FLAGS[0]}'`, `'${ELECTRON_HEAP_FLAGS[0]}'`]);
  });

  it('are on the command lines of both launchers', () => {
    for (const script of ['scripts/start.mjs', 'scripts/start-web.mjs']) {
      expect(readFileSync(script, 'utf8'), script).toMatch(
        /\.\.\.NODE_HEAP_FLAGS, path\.join\(root, 'out', 'main', 'web\.js'\)/,
      );
    }
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain('[...ELECTRON_HEAP_FLAGS, root, ...args]');
  });
});
