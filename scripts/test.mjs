// `npm test`: typecheck, lint, unit and integration tests (vitest), e2e (Playwright: Debian's
// Chromium against the web shell, and the built app in Electron where its binary is installed),
// then the keychain suite under dbus-run-session with gnome-keyring, then the shop suite (several desks on a
// real PostgreSQL that it starts in a temporary folder, also in that D-Bus session). Prints last the plain line
// `N passed, N failed` (each typecheck and the lint run count as one check each; the test runners'
// counts are read from their JSON reports), `N passed, N failed, N skipped` when tests were
// skipped, with the line before it naming them and why (never counted as passed).
//
// On a fresh Debian machine, as root, it first installs the apt packages it needs and builds keytar
// if the install skipped it; elsewhere it names what is missing and how to get it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './lib/build.mjs';
import { buildKeytar, keytarBinary } from './lib/keytar-build.mjs';
import {
  playwrightFailures,
  playwrightSkips,
  skippedLine,
  vitestFailures,
  vitestSkips,
} from './lib/skipped-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** What was skipped and why, from the reports (skipped-tests.mjs). */
const skips = [];
/** Which tests failed, a line each, from the reports: printed near the end, where CI's excerpt shows it. */
const failedTests = [];

const say = (line) => process.stdout.write(`\n== ${line}\n`);
const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the suites need from the machine: a check and the Debian package that provides it. */
const needs = [
  {
    what: 'libsecret headers',
    pkg: 'libsecret-1-dev',
    ok: () => spawnSync('pkg-config', ['--exists', 'libsecret-1']).status === 0,
  },
  { what: 'pkg-config', pkg: 'pkg-config', ok: () => onPath('pkg-config') },
  {
    what: 'a C++ compiler and make (keytar)',
    pkg: 'build-essential',
    ok: () => onPath('g++') && onPath('make'),
  },
  { what: 'python3 (node-gyp)', pkg: 'python3', ok: () => onPath('python3') },
  { what: 'gnome-keyring', pkg: 'gnome-keyring', ok: () => onPath('gnome-keyring-daemon') },
  { what: 'dbus', pkg: 'dbus', ok: () => onPath('dbus-daemon') && onPath('dbus-run-session') },
  { what: 'dbus-x11', pkg: 'dbus-x11', ok: () => onPath('dbus-launch') },
  { what: 'Chromium', pkg: 'chromium', ok: () => existsSync(chromiumPath) },
  { what: 'appstreamcli (the Linux metadata check)', pkg: 'appstream', ok: () => onPath('appstreamcli') },
  {
    what: 'PostgreSQL (the shop suite)',
    pkg: 'postgresql',
    ok: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)),
  },
  {
    what: 'real photographs (photo size tests)',
    pkg: 'mate-backgrounds',
    ok: () => existsSync('/usr/share/backgrounds/mate/nature/Wood.jpg'),
  },
];

function ensureMachine() {
  let missing = needs.filter((need) => !need.ok());
  if (missing.length === 0) return true;
  const pkgs = [...new Set(missing.map((need) => need.pkg))];
  const isRoot = process.getuid?.() === 0;
  if (isRoot && onPath('apt-get')) {
    say(`installing ${pkgs.join(' ')} (apt)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
    missing = needs.filter((need) => !need.ok());
    if (missing.length === 0) return true;
  }
  const still = [...new Set(missing.map((need) => need.pkg))];
  process.stdout.write(
    `\nThe tests need: ${missing.map((need) => need.what).join(', ')}.\n` +
      `On Debian or Ubuntu: sudo apt-get install ${still.join(' ')}` +
      (still.includes('libsecret-1-dev') ? ', then `npm rebuild keytar`' : '') +
      '. Then run `npm test` again.\n',
  );
  return false;
}

function ensureKeytar() {
  if (existsSync(keytarBinary(root))) return;
  say('building keytar (the install skipped it)');
  process.stdout.write(`${buildKeytar(root).message}\n`);
}

/** Runs one command as a single check (typecheck, lint). */
function check(name, command, args, options = {}) {
  say(name);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (run.status === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    failures.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's reporter of unhandled errors (see there), beside its default and JSON reporters. */
const UNHANDLED_REPORTER = '--reporter=./scripts/lib/unhandled-errors-reporter.mjs';

/** Runs a test runner that writes a JSON report and adds its counts; a run without a report is one failure. */
function suite(name, command, args, reportFile, count, options = {}, skipped = () => [], failed = () => []) {
  say(name);
  rmSync(reportFile, { force: true });
  // Vitest's unhandled errors, which its JSON report leaves out (unhandled-errors-reporter.mjs).
  const unhandledFile = reportFile.replace(/\.json$/, '.unhandled.json');
  rmSync(unhandledFile, { force: true });
  const env = { ...(options.env ?? process.env), LISTING_DESK_UNHANDLED_FILE: unhandledFile };
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env });
  for (const error of readJson(unhandledFile) ?? [])
    failedTests.push(
      `${error.file ? path.relative(root, error.file) : name} — unhandled, outside any test's own checks: ${error.message}${error.test ? ` (the test running then: ${error.test})` : ''}`,
    );
  const report = readJson(reportFile);
  const counts = count(report);
  if (!counts) {
    tally.failed += 1;
    failures.push(`${name} (no report; exit code ${run.status})`);
    return;
  }
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  tally.skipped += counts.skipped;
  if (counts.skipped > 0) skips.push(...skipped(report, root));
  if (counts.failed > 0) failedTests.push(...failed(report, root));
  if (counts.failed > 0 || run.status !== 0) failures.push(name);
  if (counts.failed === 0 && run.status !== 0) tally.failed += 1;
}

const vitestCounts = (report) =>
  report && {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
const playwrightCounts = (report) =>
  report?.stats && {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
    skipped: report.stats.skipped,
  };

/** Runs a command inside a private D-Bus session with an unlocked, throwaway gnome-keyring. */
function inKeyring(command, args) {
  const keyringHome = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-keyring-'));
  const script =
    'echo -n listing-desk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"';
  return {
    command: 'dbus-run-session',
    args: ['--', 'sh', '-c', script, 'sh', command, ...args],
    env: { ...process.env, XDG_DATA_HOME: keyringHome },
    cleanup: () => rmSync(keyringHome, { recursive: true, force: true }),
  };
}

function main() {
  mkdirSync(reports, { recursive: true });
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  if (!existsSync(path.join(root, 'node_modules'))) {
    process.stdout.write('The dependencies are not installed: run `npm ci` first.\n0 passed, 1 failed\n');
    process.exit(1);
  }
  const machineReady = ensureMachine();
  if (machineReady) ensureKeytar();
  say('build');
  ensureBuilt(root);

  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  check('typecheck (node side)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
  check('typecheck (web side)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
  check('typecheck (e2e tests)', bin('tsc'), ['-p', 'tsconfig.e2e.json', '--noEmit']);
  check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
  // The house's rules on who may import whom (.dependency-cruiser.cjs), each with its reason.
  check('lint (rooms and arrows)', bin('depcruise'), [
    'src',
    'test',
    'bench',
    'scripts',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err',
  ]);

  const vitestJson = path.join(reports, 'vitest.json');
  suite(
    'unit and integration tests (vitest)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', UNHANDLED_REPORTER, `--outputFile.json=${vitestJson}`],
    vitestJson,
    vitestCounts,
    {},
    vitestSkips,
    vitestFailures,
  );

  if (!machineReady) {
    tally.failed += 1;
    failures.push('e2e and keychain suites (the machine lacks packages, see above)');
  } else {
    const e2eJson = path.join(reports, 'playwright.json');
    const e2e = inKeyring(bin('playwright'), ['test', '--reporter=list,json']);
    suite(
      'e2e tests (Playwright: the web shell on Chromium; the Electron app where Electron is installed)',
      e2e.command,
      e2e.args,
      e2eJson,
      playwrightCounts,
      { env: { ...e2e.env, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson } },
      playwrightSkips,
      playwrightFailures,
    );
    e2e.cleanup();

    const keychainJson = path.join(reports, 'keychain.json');
    const keychain = inKeyring(bin('vitest'), [
      'run',
      '-c',
      'vitest.keychain.config.ts',
      '--reporter=default',
      '--reporter=json',
      UNHANDLED_REPORTER,
      `--outputFile.json=${keychainJson}`,
    ]);
    suite(
      'keychain suite (keytar, gnome-keyring, dbus-run-session)',
      keychain.command,
      keychain.args,
      keychainJson,
      vitestCounts,
      { env: keychain.env },
      vitestSkips,
      vitestFailures,
    );
    keychain.cleanup();

    const shopJson = path.join(reports, 'shop.json');
    const shop = inKeyring(bin('vitest'), [
      'run',
      '-c',
      'vitest.shop.config.ts',
      '--reporter=default',
      '--reporter=json',
      UNHANDLED_REPORTER,
      `--outputFile.json=${shopJson}`,
    ]);
    suite(
      'shop suite (several desks on a real PostgreSQL, faults injected)',
      shop.command,
      shop.args,
      shopJson,
      vitestCounts,
      { env: shop.env },
      vitestSkips,
      vitestFailures,
    );
    shop.cleanup();
  }

  if (failedTests.length > 0) {
    const shown = failedTests.slice(0, 20);
    const more = failedTests.length - shown.length;
    process.stdout.write(`\nFailed tests:\n${shown.map((line) => `  ${line}`).join('\n')}\n`);
    if (more > 0) process.stdout.write(`  and ${more} more (test-results/*.json)\n`);
  }
  if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
  // Skipped tests are never passed: named with their reason just before the last line.
  if (tally.skipped > 0) {
    process.stdout.write(`\n${skippedLine(skips, tally.skipped)}\n`);
    process.stdout.write(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped\n`);
  } else {
    process.stdout.write(`${tally.passed} passed, ${tally.failed} failed\n`);
  }
  process.exit(tally.failed > 0 ? 1 : 0);
}

main();
