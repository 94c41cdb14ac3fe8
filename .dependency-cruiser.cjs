// The house's rules on who may import whom (DESIGN.md "Processes and rooms"), checked by
// `npm run lint` and so by `npm test`. Each rule says in one line why it holds; a change that
// breaks one names the rule, the importing file and the file it reached for.
// Type-only imports and import() count: they tie files together for a reader as much as any other.

/** Rooms that have sub-rooms by concern (below src/); others reach a sub-room only through its index.ts. */
const withSubRooms = '(main/(?:shop|publish|cli)|shared/domain)';

/** The composition root: it wires every room, so it alone may import them all. */
const compositionRoot = '^src/main/(app|app-contract)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circle-of-files',
      comment: 'A circle of files can be neither read nor changed nor tested one file at a time.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-rooms-importing-each-other',
      comment:
        'Arrows in main and in shared point down: two rooms that import each other are one room in two folders.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/(main|shared)/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-process',
      comment: 'shared runs in every process (the window too), so it may lean on none of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|renderer|preload|sandbox)/' },
    },
    {
      name: 'shared-imports-no-node',
      comment: "shared also runs in the window, where Node's modules do not exist.",
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sandbox-imports-only-shared',
      comment: 'The sandbox plays the real listing service, which knows nothing of the app.',
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/(main|renderer|preload)/' },
    },
    {
      name: 'renderer-imports-only-shared',
      comment: 'The window is untrusted and reaches main only through the typed API, never its code.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(main|preload|sandbox)/' },
    },
    {
      name: 'main-imports-no-window',
      comment: "main runs under Node; the window's and preload's code belong to other processes.",
      severity: 'error',
      from: { path: '^src/(main|sandbox)/' },
      to: { path: '^src/(renderer|preload)/' },
    },
    {
      name: 'preload-imports-only-shared',
      comment: 'Preload exposes the contract and nothing else, so it needs nothing of main or the window.',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^src/(main|renderer|sandbox)/' },
    },
    {
      name: 'electron-only-in-its-shell',
      comment:
        'Only the Electron shell and preload import electron, so everything else runs and is tested under plain Node.',
      severity: 'error',
      from: { pathNot: ['^src/main/shells/electron/', '^src/preload/', '^test/unit/shells/electron/'] },
      to: { path: '^(node_modules/)?electron($|/)' },
    },
    {
      name: 'no-room-imports-ipc',
      comment:
        "The ipc layer calls the rooms; a room that reaches back up ties the domain to the window's wire.",
      severity: 'error',
      from: { path: '^src/main/', pathNot: ['^src/main/ipc/', compositionRoot] },
      to: { path: '^src/main/ipc/' },
    },
    {
      name: 'no-room-imports-cli',
      comment:
        'The command line is a front end like the window: the rooms never call it (the shells, above it, hand it a command word).',
      severity: 'error',
      from: { path: '^src/main/', pathNot: '^src/main/(cli|shells)/' },
      to: { path: '^src/main/cli/' },
    },
    {
      name: 'no-room-imports-shells',
      comment:
        'The shells start the app around the composition root; nothing below may depend on which shell runs.',
      severity: 'error',
      from: { path: '^src/main/', pathNot: '^src/main/shells/' },
      to: { path: '^src/main/shells/' },
    },
    {
      name: 'no-room-imports-composition-root',
      comment: 'The composition root imports every room, so a room that imports it imports them all.',
      severity: 'error',
      from: { path: '^src/main/', pathNot: ['^src/main/(shells|cli)/', compositionRoot] },
      to: { path: compositionRoot },
    },
    {
      name: 'sub-room-through-its-index',
      comment: 'A sub-room shows the rest of the house only what its index.ts exports.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/${withSubRooms}/[^/]+/` },
      to: { path: `^src/${withSubRooms}/[^/]+/`, pathNot: '/index\\.ts$' },
    },
    {
      name: 'sibling-sub-room-through-its-index',
      comment: 'Sub-rooms of one room meet through their index.ts files too.',
      severity: 'error',
      from: { path: `^src/${withSubRooms}/([^/]+)/` },
      to: { path: '^src/$1/[^/]+/', pathNot: ['^src/$1/$2/', '/index\\.ts$'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^out/'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
