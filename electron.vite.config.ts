// Builds the three bundles: main (the Electron entry and the web shell's entry, which share the
// back end), preload (CommonJS, since sandboxed preloads cannot be ES modules) and the renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { normalizePath, type Plugin } from 'vite';
import { INITIAL_JS_BUDGET, measureRenderer, total } from './bench/renderer/measure';

/** After the renderer's build, one line: the JavaScript loaded before the first view (bench/renderer). */
function initialSizeLine(): Plugin {
  let outDir = '';
  return {
    name: 'listing-desk:initial-size',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      try {
        const gzip = total(measureRenderer(outDir).initialJs);
        const verdict = gzip <= INITIAL_JS_BUDGET ? 'within' : 'OVER';
        console.log(
          `renderer: initial JavaScript ${(gzip / 1024).toFixed(1)} KB gzipped, ${verdict} the 150 KB budget`,
        );
      } catch (error) {
        console.warn(
          `renderer: initial JavaScript not measured (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    },
  };
}

/**
 * src/shared has no side effects (DESIGN.md: plain data and pure functions), so the bundler may drop
 * a module of it that nothing uses even when its top level calls something (a zod schema): the window
 * then takes only what it uses from a sub-room's index.ts, not every file behind it (issue 31).
 */
function sharedHasNoSideEffects(): Plugin {
  const shared = normalizePath(resolve(import.meta.dirname, 'src/shared')) + '/';
  return {
    name: 'listing-desk:shared-has-no-side-effects',
    transform(_code, id) {
      return id.startsWith(shared) ? { moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Pure JavaScript dependencies loaded at every start are bundled: Node resolves, reads and
      // links hundreds of small module files otherwise, a quarter of the back end's start (issue
      // 18.5, bench/drafts/startup). Native modules (keytar, sharp) and what loads on demand
      // (fastify, exceljs, jose, yaml, file-type) stay in node_modules.
      externalizeDeps: { exclude: ['zod', 'got', 'conf', 'i18next', 'p-limit', 'pino', 'ws'] },
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/shells/electron/main.ts'),
          web: resolve(import.meta.dirname, 'src/main/shells/web/main.ts'),
          // A large feed's plan runs in a process of its own started from this file (issue 35.8:
          // feeds/plan-child.ts), out/main/plan-child.js beside the shells' entries.
          'plan-child': resolve(import.meta.dirname, 'src/main/feeds/plan-child-entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified by default; minified, the views split by
      // React.lazy (src/renderer/lazy) and one language up front, the first view loads well under
      // 150 KB of JavaScript gzipped (npx tsx bench/renderer/size.ts). No source maps (the default).
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), sharedHasNoSideEffects(), initialSizeLine()],
  },
});
