// V8 flags the app's main process starts with, wherever we start it (issue 35.8). A young generation
// of 2 MB semi-spaces instead of V8's 16: planning a large feed keeps tens of thousands of small
// entries alive, each young-generation collection copies the survivors, and V8 grows the semi-spaces
// to their largest; with small ones the survivors move to the old generation sooner. Measured with
// bench/feed/google-xml.ts (50,000 items): peak RSS 266 MB with the default, 238 with 8, 200 with 4,
// 162 with 2, and the plan no slower. It limits no heap: the old generation grows as it needs.
// V8 reads it only when the process starts, so it goes on the command line (node's own flag, or
// Electron's --js-flags for its main process), never through v8.setFlagsFromString later.

/** For `node` (the web shell, the benchmarks' app processes). */
export const NODE_HEAP_FLAGS = ['--max-semi-space-size=2'];

/** For Electron's main process. */
export const ELECTRON_HEAP_FLAGS = [`--js-flags=${NODE_HEAP_FLAGS.join(' ')}`];
