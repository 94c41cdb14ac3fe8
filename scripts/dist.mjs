// `npm run dist`: the installers for this platform (electron-builder.yml: AppImage and deb on Linux,
// NSIS on Windows, dmg on macOS) into dist/. Without Electron's binary it says so in one line and
// exits 1. Arguments after `--` go to electron-builder (e.g. `npm run dist -- --linux deb`).
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from './lib/build.mjs';
import { findElectron } from './lib/electron-binary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const INSTALLER = /\.(AppImage|deb|exe|dmg)$/;

const electron = findElectron(root);
if (!electron.binary) {
  process.stderr.write(
    `listing-desk: cannot build the installers: ${electron.why}; run \`node node_modules/electron/install.js\` on a machine that can reach Electron's download host, then \`npm run dist\` again.\n`,
  );
  process.exit(1);
}

const { renderBuildIcons } = await import('./icons.mjs');
try {
  await renderBuildIcons(path.join(root, 'build'));
} catch (error) {
  process.stderr.write(
    `listing-desk: could not render the icons from resources/icon.svg: ${error.message}\n`,
  );
  process.exit(1);
}
ensureBuilt(root, { force: true });

const cli = path.join(root, 'node_modules', 'electron-builder', 'cli.js');
const args = ['--config', 'electron-builder.yml', '--publish', 'never', `-c.electronDist=${electron.dist}`];
const run = spawnSync(process.execPath, [cli, ...args, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0) {
  process.stderr.write('listing-desk: electron-builder failed (see above); no installer was made.\n');
  process.exit(1);
}
const out = path.join(root, 'dist');
const installers = existsSync(out) ? readdirSync(out).filter((name) => INSTALLER.test(name)) : [];
process.stdout.write(
  `listing-desk: ${installers.length} installer(s) in ${out}:\n${installers.map((name) => `  ${name}\n`).join('')}`,
);
