// What the browser loads of the built renderer before the first view, and what it loads later:
// index.html's entry script and module preloads, the static imports of those (followed through
// every chunk), and the words of the language shown, which main.tsx awaits before the first render.
// Everything else (views, editor, wizards, the other language) is a lazy chunk. Sizes gzipped.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

export const INITIAL_JS_BUDGET = 150 * 1024;

export interface Asset {
  /** Path inside the renderer folder, e.g. `assets/index-abc.js`. */
  file: string;
  bytes: number;
  gzip: number;
}

export interface RendererSizes {
  /** JavaScript loaded before the first view (entry, static imports, the larger language). */
  initialJs: Asset[];
  /** The language chunks (`words-en`, `words-de`); the larger one is counted in initialJs. */
  languages: Record<string, Asset>;
  /** JavaScript loaded on demand. */
  lazyJs: Asset[];
  initialCss: Asset[];
  lazyCss: Asset[];
}

export const total = (assets: Asset[], key: 'bytes' | 'gzip' = 'gzip') =>
  assets.reduce((sum, asset) => sum + asset[key], 0);

function asset(rendererDir: string, file: string): Asset {
  const data = readFileSync(path.join(rendererDir, file));
  return { file, bytes: data.length, gzip: gzipSync(data).length };
}

/** The chunk files a module imports statically (import/export ... from), as renderer paths. */
export function staticImportsOf(rendererDir: string, file: string): string[] {
  const code = readFileSync(path.join(rendererDir, file), 'utf8');
  const sources: string[] = [];
  for (const node of parseAst(code).body) {
    const source = 'source' in node ? node.source : null;
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      node.type === 'ExportNamedDeclaration'
    ) {
      if (source && typeof source.value === 'string') sources.push(source.value);
    }
  }
  // Relative specifiers only: a bare one would be a library left unbundled (none is).
  return sources
    .filter((source) => source.startsWith('.'))
    .map((source) => path.posix.normalize(path.posix.join(path.posix.dirname(file), source)));
}

/** The attribute values of `<tag ... attr="...">` elements matching `where` in the page. */
function attributes(html: string, tag: string, attr: string, where: RegExp): string[] {
  const found: string[] = [];
  for (const element of html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? []) {
    if (!where.test(element)) continue;
    const value = new RegExp(`\\b${attr}="([^"]+)"`).exec(element)?.[1];
    if (value) found.push(path.posix.normalize(value.replace(/^\.\//, '')));
  }
  return found;
}

/** Measures the built renderer in `rendererDir` (out/renderer). */
export function measureRenderer(rendererDir: string): RendererSizes {
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const entries = [
    ...attributes(html, 'script', 'src', /type="module"/),
    ...attributes(html, 'link', 'href', /rel="modulepreload"/),
  ];
  if (entries.length === 0) throw new Error(`No module script in ${path.join(rendererDir, 'index.html')}.`);

  const assets = readdirSync(path.join(rendererDir, 'assets')).map((name) => `assets/${name}`);
  const languageFiles = assets.filter((file) => /^assets\/words-[a-z]{2}-[^/]+\.js$/.test(file));
  if (languageFiles.length === 0)
    throw new Error('No language chunk (assets/words-<language>-*.js) in the build.');
  const languages = Object.fromEntries(
    languageFiles.map((file) => [/words-([a-z]{2})-/.exec(file)?.[1] ?? file, asset(rendererDir, file)]),
  );
  const largest = Object.values(languages).sort((a, b) => b.gzip - a.gzip)[0] as Asset;

  // Entry and preloads, then everything they import statically, then the language and its imports.
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const next of staticImportsOf(rendererDir, file)) visit(next);
  };
  for (const file of entries) visit(file);
  visit(largest.file);

  const js = assets.filter((file) => file.endsWith('.js'));
  const css = assets.filter((file) => file.endsWith('.css'));
  const initialCssFiles = new Set(attributes(html, 'link', 'href', /rel="stylesheet"/));
  const bySize = (a: Asset, b: Asset) => b.gzip - a.gzip;
  return {
    initialJs: [...initial].map((file) => asset(rendererDir, file)).sort(bySize),
    languages,
    lazyJs: js
      .filter((file) => !initial.has(file))
      .map((file) => asset(rendererDir, file))
      .sort(bySize),
    initialCss: css.filter((file) => initialCssFiles.has(file)).map((file) => asset(rendererDir, file)),
    lazyCss: css
      .filter((file) => !initialCssFiles.has(file))
      .map((file) => asset(rendererDir, file))
      .sort(bySize),
  };
}
