// Builds keytar's native module from source with node-gyp (bundled with npm).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Path of keytar's compiled module inside the project. */
export function keytarBinary(root) {
  return path.join(root, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node');
}

function nodeGypCommand() {
  // npm puts node-gyp on PATH for lifecycle scripts; otherwise use the copy inside npm.
  const npmDir = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
  const bundled = path.join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  return existsSync(bundled) ? [process.execPath, bundled] : ['node-gyp'];
}

/** True when what keytar compiles against is there: libsecret's headers on Linux; Windows and macOS
 *  use their own keychain APIs, which come with the system. */
export function libsecretPresent() {
  if (process.platform !== 'linux') return true;
  return spawnSync('pkg-config', ['--exists', 'libsecret-1']).status === 0;
}

/** Compiles keytar; returns { ok, message } and never throws. */
export function buildKeytar(root) {
  const dir = path.join(root, 'node_modules', 'keytar');
  if (!existsSync(dir))
    return { ok: false, message: 'keytar is not installed; secrets are kept for the session only.' };
  if (!libsecretPresent()) {
    return {
      ok: false,
      message:
        'keytar was not built: libsecret-1-dev is missing (Debian: `apt-get install libsecret-1-dev`, then `npm rebuild keytar` or `npm test`). Until then the app keeps secrets for the session only.',
    };
  }
  const [cmd, ...args] = nodeGypCommand();
  const nodedir =
    process.env.npm_config_nodedir || (existsSync('/usr/include/node/node.h') ? '/usr' : undefined);
  const run = spawnSync(cmd, [...args, 'rebuild', ...(nodedir ? [`--nodedir=${nodedir}`] : [])], {
    cwd: dir,
    stdio: 'pipe',
    timeout: 600_000,
  });
  if (run.status === 0 && existsSync(keytarBinary(root))) return { ok: true, message: 'keytar built.' };
  const tail = String(run.stderr ?? '')
    .trim()
    .split('\n')
    .slice(-3)
    .join(' | ');
  return {
    ok: false,
    message: `keytar could not be built (${tail}); secrets are kept for the session only.`,
  };
}
