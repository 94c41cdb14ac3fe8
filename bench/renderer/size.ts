// The renderer's size figure (issue 18.4): builds the app (into a temporary folder, so a test run
// using out/ is not disturbed), then prints the JavaScript the browser loads before the first view
// (entry, its static imports, the words of the larger language) gzipped, against 150 KB; then the
// chunks loaded on demand and the CSS. Exits 1 when the budget is not met.
// Run: npx tsx bench/renderer/size.ts            (builds first)
//      npx tsx bench/renderer/size.ts out/renderer   (measures an existing build instead)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INITIAL_JS_BUDGET, measureRenderer, total, type Asset } from './measure';

const root = path.resolve(import.meta.dirname, '..', '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (a: Asset) => `  ${a.file.padEnd(44)} ${kb(a.bytes).padStart(10)} ${kb(a.gzip).padStart(10)} gz`;

let rendererDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
let tempDir: string | undefined;
if (!rendererDir) {
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'renderer-size-'));
  console.log('Building the app (electron-vite build)…');
  const built = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'),
      'build',
      '--outDir',
      tempDir,
      '-l',
      'warn',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (built.status !== 0) {
    console.error(built.stderr);
    console.error('The build failed; see above.');
    process.exit(1);
  }
  rendererDir = path.join(tempDir, 'renderer');
}

try {
  const sizes = measureRenderer(rendererDir);
  const initial = total(sizes.initialJs);
  const met = initial <= INITIAL_JS_BUDGET;
  console.log(`\nInitial JavaScript (before the first view), ${sizes.initialJs.length} files:`);
  for (const a of sizes.initialJs) console.log(row(a));
  const words = Object.entries(sizes.languages)
    .map(([language, a]) => `${language} ${kb(a.gzip)}`)
    .join(', ');
  console.log(`  (the words of one language are loaded up front, the larger counted: ${words} gz)`);
  console.log(
    `\nLazy JavaScript (on demand), ${sizes.lazyJs.length} files, ${kb(total(sizes.lazyJs))} gz; the largest:`,
  );
  for (const a of sizes.lazyJs.slice(0, 12)) console.log(row(a));
  console.log(
    `\nCSS: ${kb(total(sizes.initialCss))} gz up front (${sizes.initialCss.length} files), ${kb(total(sizes.lazyCss))} gz on demand (${sizes.lazyCss.length} files)`,
  );
  console.log(
    `\nInitial JS: ${kb(initial)} gzipped (${kb(total(sizes.initialJs, 'bytes'))} minified) — budget ${kb(INITIAL_JS_BUDGET)}: ${met ? 'met' : 'NOT met'}`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
