// The built renderer is lean (issue 18.4): minified, the views in chunks of their own that the
// first view does not load, no zod before the first view, one language up front, and the initial
// JavaScript within its budget. Builds the real app into a temporary folder (not out/, which an e2e
// run may be using at the same time).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../../src/main/serving/static-files';
import {
  INITIAL_JS_BUDGET,
  measureRenderer,
  total,
  type RendererSizes,
} from '../../../bench/renderer/measure';
import { laterWords } from '../../../src/renderer/i18n/later-words-en';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
let outDir: string;
let rendererDir: string;
let sizes: RendererSizes;

const chunkNamed = (files: { file: string }[], name: string) =>
  files.find((asset) => new RegExp(`^assets/${name}-[\\w-]+\\.js$`).test(asset.file));

beforeAll(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'lean-build-'));
  const built = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'),
      'build',
      '--outDir',
      outDir,
      '-l',
      'warn',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`The build failed:\n${built.stderr}`);
  rendererDir = path.join(outDir, 'renderer');
  sizes = measureRenderer(rendererDir);
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the built renderer', () => {
  it('loads at most 150 KB of JavaScript (gzipped) before the first view', () => {
    expect(total(sizes.initialJs)).toBeGreaterThan(0);
    expect(total(sizes.initialJs)).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it('puts every view but Drafts, the editor, the wizard and the bulk dialog in lazy chunks', () => {
    for (const part of [
      'ListingsView',
      'PublishingView',
      'SettingsView',
      'DraftEditor',
      'ImportWizard',
      'BulkEditDialog',
    ]) {
      expect(chunkNamed(sizes.lazyJs, part), `${part} is a lazy chunk`).toBeDefined();
      expect(chunkNamed(sizes.initialJs, part), `${part} is not loaded up front`).toBeUndefined();
    }
  });

  it('has one chunk per language, and counts only one of them up front', () => {
    expect(Object.keys(sizes.languages).sort()).toEqual(['de', 'en']);
    const upFront = sizes.initialJs.filter((asset) => /^assets\/words-/.test(asset.file));
    expect(upFront).toHaveLength(1);
  });

  it('loads the words of the parts shown on demand with them, a chunk per language, not up front', () => {
    for (const language of ['en', 'de']) {
      expect(chunkNamed(sizes.lazyJs, `later-words-${language}`), language).toBeDefined();
      expect(chunkNamed(sizes.initialJs, `later-words-${language}`), language).toBeUndefined();
    }
    // The first view's code names no key of those words (a key it named would show raw until
    // they came): a key is a string literal (quoted or a template) starting with its part's name.
    const key = new RegExp(`["'\`](${Object.keys(laterWords).join('|')})\\.[\\w$]`);
    const code = sizes.initialJs.filter((asset) => !/^assets\/words-/.test(asset.file));
    expect(code.length).toBeGreaterThan(1);
    for (const asset of code)
      expect(readFileSync(path.join(rendererDir, asset.file), 'utf8'), asset.file).not.toMatch(key);
  });

  it('loads no zod before the first view (its schemas stay with the views that check input)', () => {
    const read = (file: string) => readFileSync(path.join(rendererDir, file), 'utf8');
    expect(sizes.lazyJs.some((asset) => read(asset.file).includes('ZodError'))).toBe(true);
    for (const asset of sizes.initialJs) expect(read(asset.file), asset.file).not.toContain('ZodError');
  });

  it('has only files both shells serve with a content type (not as unknown bytes)', () => {
    const files = readdirSync(rendererDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(rendererDir, path.join(entry.parentPath, entry.name)));
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
    for (const file of files) expect(contentTypeOf(file), file).not.toBe('application/octet-stream');
    for (const asset of [...sizes.initialJs, ...sizes.lazyJs])
      expect(contentTypeOf(asset.file)).toMatch(/^text\/javascript/);
  });

  it('is minified, without inline source maps', () => {
    for (const asset of [...sizes.initialJs, ...sizes.lazyJs]) {
      const code = readFileSync(path.join(rendererDir, asset.file), 'utf8');
      expect(code, asset.file).not.toContain('sourceMappingURL=data:');
      // Minified code is a few long lines, not one statement per line.
      if (asset.bytes > 20_000)
        expect(asset.bytes / code.split('\n').length, asset.file).toBeGreaterThan(400);
    }
  });
});
