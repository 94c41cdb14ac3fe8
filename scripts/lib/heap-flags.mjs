// V8 flags the app's main process starts with where we can give them (the launchers, the packaged
// Linux entries), and the process a large feed's plan is made in on every system (issue 35.8:
// src/main/feeds/plan-child-node.ts, shells/electron/plan-child-electron.ts), since Windows and
// macOS start the packaged app's main process with none. A young generation
// of 2 MB semi-spaces instead of V8's 16: planning a large feed keeps tens of thousands of small
// entries alive, each young-generation collection copies the survivors, and V8 grows the semi-spaces
// to their largest; with small ones the survivors move to the old generation sooner. Measured with
// bench/feed/google-xml.ts (50,000 items): peak RSS 266 MB with the default, 238 with 8, 200 with 4,
// 162 with 2, and the plan no slower. It limits no heap: the old generation grows as it needs.
// V8 reads it only when the process starts, so it goes on the command line (node's own flag, or
// Electron's --js-flags for its main process), never through v8.setFlagsFromString later.

/** For `node` (the web shell, the benchmarks' app processes). */
export const NODE_HEAP_FLAGS = ['--max-semi-space-size=2'];

/**
 * For the process a large feed's plan is made in: also V8's --optimize-for-size, which grows the old
 * generation less eagerly. Measured with the benchmark: the child's peak 153-217 MB over five runs
 * without it (one over the 200 MB target), 111-117 MB over four with it, the plan 11.7-13.0 s
 * instead of 10.6-12.5. Not for the app's main process, whose speed the window feels.
 */
export const PLAN_CHILD_FLAGS = [...NODE_HEAP_FLAGS, '--optimize-for-size'];

/** For Electron's main process. */
export const ELECTRON_HEAP_FLAGS = [`--js-flags=${NODE_HEAP_FLAGS.join(' ')}`];
