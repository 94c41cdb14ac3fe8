// Builds the app with electron-vite when the output is missing or older than the sources.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const INPUTS = ['src', 'resources', 'package.json', 'electron.vite.config.ts', 'tsconfig.base.json'];
const OUTPUTS = ['out/main/index.js', 'out/main/web.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why a build is needed, or undefined when out/ is complete and newer than every source. */
export function buildNeeded(root) {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const source = Math.max(...INPUTS.map((input) => newestMtime(path.join(root, input))));
  return source > built ? 'sources changed since the last build' : undefined;
}

/** False when the lock names a process that no longer runs (a pid not yet written counts as alive). */
function holderAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// Two commands started together (a test run and a benchmark, say) must not build into out/ at the
// same time: one builds, the other waits for it and then finds the output fresh.
function withBuildLock(root, run) {
  const lock = path.join(root, 'node_modules', '.cache', 'listing-desk-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      // A lock whose builder is gone (killed mid-build), or older than five minutes, is stale.
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (!holderAlive(lock) || age > 300_000 || Date.now() - started > 600_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!told) process.stderr.write('listing-desk: waiting for another build of the app to finish...\n');
      told = true;
      sleep(500);
    }
  }
  try {
    return run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds when needed; exits the process with a clear message when the build fails. */
export function ensureBuilt(root, options = {}) {
  if (!options.force && !buildNeeded(root)) return;
  withBuildLock(root, () => build(root, options));
}

function build(root, { force = false, quiet = false }) {
  const reason = force ? 'build requested' : buildNeeded(root);
  if (!reason) return;
  if (!quiet) process.stderr.write(`listing-desk: building the app (${reason})...\n`);
  const bin = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const run = spawnSync(process.execPath, [bin, 'build'], {
    cwd: root,
    stdio: quiet ? 'pipe' : ['ignore', 2, 2],
  });
  if (run.status !== 0) {
    if (quiet) process.stderr.write(String(run.stdout ?? '') + String(run.stderr ?? ''));
    process.stderr.write(
      'listing-desk: the build failed (see above). Fix the error, then run the command again.\n',
    );
    process.exit(1);
  }
}
