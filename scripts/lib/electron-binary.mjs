// Where Electron's binary is, found the way the electron package finds it (node_modules/electron/
// index.js): path.txt names the executable inside dist/, and ELECTRON_OVERRIDE_DIST_PATH (Electron's
// own variable) points at another dist folder. Its postinstall download is off (package.json
// allowScripts), so the binary is there only after `node node_modules/electron/install.js`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const EXECUTABLE = {
  darwin: 'Electron.app/Contents/MacOS/Electron',
  win32: 'electron.exe',
};

/** { dist, binary } when Electron's binary is installed, otherwise { why } in plain words. */
export function findElectron(root, env = process.env) {
  const dir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(dir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override && !named)
    return { why: "Electron's binary is not installed (its download failed or was skipped)" };
  const dist = override ? path.resolve(override) : path.join(dir, 'dist');
  const binary = path.join(dist, named ?? EXECUTABLE[process.platform] ?? 'electron');
  if (!existsSync(binary)) {
    const from = override ? ' (ELECTRON_OVERRIDE_DIST_PATH)' : '';
    return { why: `Electron's binary is missing at ${binary}${from}` };
  }
  return { dist, binary };
}
