// Lint rules, including the house rules of DESIGN.md: only the Electron shell and preload may
// import 'electron', and renderer and main never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronMessage = "Only src/main/shells/electron and src/preload may import 'electron'.";
// 'electron/main', 'electron/renderer' and the like are the same module by other names.
const electronSubpaths = { group: ['electron/*'], message: electronMessage };
const electronImport = {
  paths: [{ name: 'electron', message: electronMessage }],
  patterns: [electronSubpaths],
};
const noRendererPatterns = [
  electronSubpaths,
  { group: ['**/renderer/**', '**/renderer'], message: 'Main-side code must not import the renderer.' },
];
const noMainPatterns = [
  electronSubpaths,
  { group: ['**/main/**', '**/main'], message: 'The renderer must not import main.' },
];
const noAppPatterns = [
  electronSubpaths,
  { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'This code may import only shared.' },
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'resources/**',
      'build/**',
      'dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { ...electronImport, patterns: noRendererPatterns }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { ...electronImport, patterns: noMainPatterns }],
    },
  },
  {
    files: ['src/shared/**/*.ts', 'src/sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...electronImport, patterns: noAppPatterns }] },
  },
  {
    files: ['src/main/shells/electron/**/*.ts', 'src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: noRendererPatterns.filter((pattern) => pattern !== electronSubpaths) },
      ],
    },
  },
  {
    // Tests may reach across the line (e.g. checking the renderer's words for main's problem
    // codes); only 'electron' stays off limits.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', electronImport] },
  },
  {
    // The Electron shell's tests replace 'electron' with a stub; they name the module to do so.
    files: ['test/unit/shells/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
