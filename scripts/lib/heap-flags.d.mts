// Types of heap-flags.mjs for the TypeScript that imports it (the benchmarks, its test, the feed plan's child).
export declare const NODE_HEAP_FLAGS: readonly string[];
export declare const PLAN_CHILD_FLAGS: readonly string[];
export declare const ELECTRON_HEAP_FLAGS: readonly string[];
