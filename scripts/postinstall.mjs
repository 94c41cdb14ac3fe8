// Finishes the install steps that npm is told not to run itself (package.json "allowScripts"):
// Electron's binary download and keytar's native build. Either may be impossible on this machine
// (no route to Electron's host, no libsecret headers); the install must still succeed, so each
// step says in one line what happened and what to do, and never fails the install.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { keytarBinary, buildKeytar } from './lib/keytar-build.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');

function electronBinaryPresent() {
  const dir = path.join(root, 'node_modules', 'electron');
  return existsSync(path.join(dir, 'path.txt')) && existsSync(path.join(dir, 'dist'));
}

function installElectron() {
  if (electronBinaryPresent()) return;
  let installer;
  try {
    installer = require.resolve('electron/install.js', { paths: [root] });
  } catch {
    console.log('listing-desk: electron is not installed; `npm start` will use the web shell.');
    return;
  }
  const run = spawnSync(process.execPath, [installer], { stdio: 'pipe', timeout: 300_000 });
  if (run.status === 0 && electronBinaryPresent()) {
    console.log('listing-desk: Electron binary installed.');
  } else {
    const why =
      String(run.stderr ?? '')
        .split('\n')
        .find((l) => /Error/.test(l)) ?? 'download failed';
    console.log(
      `listing-desk: Electron's binary could not be downloaded (${why.trim()}); ` +
        '`npm start` will use the web shell. Run `node node_modules/electron/install.js` when the host is reachable.',
    );
  }
}

function installKeytar() {
  if (existsSync(keytarBinary(root))) return;
  const result = buildKeytar(root);
  console.log(`listing-desk: ${result.message}`);
}

installElectron();
installKeytar();
