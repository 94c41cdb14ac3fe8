// `npm start`: the Electron shell when its binary is present and a display is available; otherwise
// one line saying why, then the web shell (same arguments as start:web).
import path from 'node:path';
import { ensureBuilt } from './lib/build.mjs';
import { findElectron } from './lib/electron-binary.mjs';
import { ELECTRON_HEAP_FLAGS, NODE_HEAP_FLAGS } from './lib/heap-flags.mjs';
import { runForeground } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

function electronBinary() {
  const found = findElectron(root);
  if (!found.binary) return found;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { why: 'no display is available (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { binary: found.binary };
}

ensureBuilt(root);
const electron = electronBinary();
if (electron.binary) {
  runForeground(electron.binary, [...ELECTRON_HEAP_FLAGS, root, ...args], { cwd: root });
} else {
  process.stderr.write(
    `listing-desk: starting the web shell because ${electron.why}; run \`node node_modules/electron/install.js\` on a machine that can reach Electron's host to get the desktop window.\n`,
  );
  runForeground(process.execPath, [...NODE_HEAP_FLAGS, path.join(root, 'out', 'main', 'web.js'), ...args], {
    cwd: root,
  });
}
