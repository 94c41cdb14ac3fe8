// scripts/lib/skipped-tests.mjs: the line before `npm test`'s last one names the skipped tests and
// why, read from the runners' JSON reports (shapes as Playwright 1.65 and Vitest write them).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface SkipGroup {
  count: number;
  what: string;
  why?: string;
}
interface SkippedTests {
  playwrightSkips(report: unknown, root: string): SkipGroup[];
  vitestSkips(report: unknown, root: string): SkipGroup[];
  skippedLine(groups: SkipGroup[], total: number): string;
  playwrightFailures(report: unknown, root: string): string[];
  vitestFailures(report: unknown, root: string): string[];
}

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const lib = (await import(
  pathToFileURL(path.join(root, 'scripts', 'lib', 'skipped-tests.mjs')).href
)) as SkippedTests;

const why = "Electron's binary is not installed here (node_modules/electron/dist)";
const spec = (title: string, projectName: string, status: string, annotations: object[] = []) => ({
  title,
  file: `${projectName === 'web' ? 'e2e' : 'electron'}/${title}.spec.ts`,
  tests: [
    {
      projectName,
      status,
      annotations,
      results: [{ status: status === 'skipped' ? 'skipped' : 'passed', annotations }],
    },
  ],
});
/** A spec of `file` whose one test failed in the web project with `errors`. */
const failedSpec = (title: string, file: string, line: number, errors: object[]) => ({
  title,
  file,
  line,
  tests: [{ projectName: 'web', status: 'unexpected', results: [{ status: 'failed', errors }] }],
});
const playwrightReport = {
  config: {
    projects: [
      { name: 'web', testDir: path.join(root, 'test', 'e2e') },
      { name: 'electron', testDir: path.join(root, 'test', 'electron') },
    ],
  },
  suites: [
    {
      title: 'first-start.spec.ts',
      file: 'first-start.spec.ts',
      specs: [spec('first start', 'electron', 'skipped', [{ type: 'skip', description: why }])],
      suites: [],
    },
    {
      title: 'security.spec.ts',
      file: 'security.spec.ts',
      specs: [
        spec('no node', 'electron', 'skipped', [{ type: 'skip', description: why }]),
        spec('navigation', 'electron', 'skipped', [{ type: 'skip', description: why }]),
      ],
    },
    {
      title: 'foundation.spec.ts',
      file: 'foundation.spec.ts',
      specs: [spec('the app opens', 'web', 'expected')],
      suites: [{ title: 'in German', file: 'foundation.spec.ts', specs: [spec('words', 'web', 'skipped')] }],
    },
  ],
  stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 4 },
};

describe('skipped tests, named with their reasons', () => {
  it('names a whole Playwright project skipped for one reason, and single tests by title', () => {
    const groups = lib.playwrightSkips(playwrightReport, root);
    expect(groups).toEqual([
      { count: 3, what: 'the Electron tests (test/electron)', why },
      { count: 1, what: '“in German › words” (test/e2e)', why: 'no reason given' },
    ]);
    expect(lib.skippedLine(groups.slice(0, 1), 3)).toBe(
      `3 skipped: the Electron tests (test/electron) — ${why}`,
    );
    expect(lib.skippedLine(groups, 4)).toBe(
      `4 skipped: the Electron tests (test/electron), 3 — ${why}; “in German › words” (test/e2e), 1 — no reason given`,
    );
  });

  it('names Vitest skips by title and file, and counts what no report names', () => {
    const vitest = {
      numPendingTests: 2,
      testResults: [
        {
          name: path.join(root, 'test', 'integration', 'disk.test.ts'),
          assertionResults: [
            { status: 'passed', fullName: 'works', ancestorTitles: [], title: 'works' },
            {
              status: 'skipped',
              fullName: 'a full disk (skipped: no loop device) fails',
              ancestorTitles: [],
              title: 'x',
            },
            { status: 'todo', fullName: 'later', ancestorTitles: [], title: 'later' },
          ],
        },
      ],
    };
    const groups = lib.vitestSkips(vitest, root);
    expect(groups).toEqual([
      {
        count: 2,
        what: '“a full disk (skipped: no loop device) fails”, “later” (test/integration/disk.test.ts)',
      },
    ]);
    expect(lib.skippedLine(groups, 3)).toBe(
      '3 skipped: “a full disk (skipped: no loop device) fails”, “later” (test/integration/disk.test.ts), 2; not named by their reports, 1',
    );
  });
});

describe('failed tests, named near the last line (CI shows only the end of the output)', () => {
  it('names a failed Playwright test by file, line and title with the first line of its error, not a flaky one', () => {
    const failing = {
      title: 'feed.spec.ts',
      file: 'feed.spec.ts',
      specs: [
        failedSpec('shows the plan', 'feed.spec.ts', 42, [
          { message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: x' },
        ]),
        failedSpec('opens the draft', 'feed.spec.ts', 60, [
          { message: 'Test timeout of 60000ms exceeded.' },
          {
            message:
              "Error: locator.click: Test timeout of 60000ms exceeded.\nCall log:\n  - waiting for getByRole('button', { name: 'Kommode' })\n",
            location: { file: path.join(root, 'test', 'e2e', 'feed.spec.ts'), line: 17, column: 5 },
          },
        ]),
        { ...spec('retried', 'web', 'flaky'), line: 50 },
      ],
    };
    const report = {
      ...playwrightReport,
      suites: [...playwrightReport.suites, failing],
      errors: [{ message: 'Error: global setup\nat' }],
    };
    expect(lib.playwrightFailures(report, root)).toEqual([
      '[web] feed.spec.ts:42 › shows the plan — Error: expect(locator).toBeVisible() failed',
      '[web] feed.spec.ts:60 › opens the draft — Test timeout of 60000ms exceeded.',
      '    Error: locator.click: Test timeout of 60000ms exceeded. (feed.spec.ts:17)',
      "      - waiting for getByRole('button', { name: 'Kommode' })",
      'outside any test — Error: global setup',
    ]);
  });

  it('names a failed Vitest test by file and full title, and a file that did not load', () => {
    const vitest = {
      testResults: [
        {
          name: path.join(root, 'test', 'unit', 'a.test.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'works', ancestorTitles: [], title: 'works' },
            {
              status: 'failed',
              fullName: 'adds up',
              ancestorTitles: [],
              title: 'adds up',
              failureMessages: ['\nAssertionError: expected 1 to be 2\n    at x'],
            },
          ],
        },
        {
          name: path.join(root, 'test', 'unit', 'b.test.ts'),
          status: 'failed',
          message: 'SyntaxError: y',
          assertionResults: [],
        },
      ],
    };
    expect(lib.vitestFailures(vitest, root)).toEqual([
      'test/unit/a.test.ts › adds up — AssertionError: expected 1 to be 2',
      'test/unit/b.test.ts — SyntaxError: y',
    ]);
  });

  it('says what a failed comparison saw and where it stood, for a failure read far away (CI)', () => {
    const deep =
      '\u001b[31mError: expect(received).toEqual(expected) // deep equality\u001b[39m\n\n- Expected  - 1\n+ Received  + 1\n\n  Array [\n    "Familie",\n-   "lego_duplo",\n+   undefined,\n  ]\n\nCall Log:\n  - Expect "poll" with timeout 10000ms\n  - waiting for the poll';
    const playwright = {
      suites: [
        {
          title: 'picker.spec.ts',
          file: 'picker.spec.ts',
          specs: [
            failedSpec('picks', 'picker.spec.ts', 98, [
              {
                message: deep,
                location: { file: path.join(root, 'test', 'e2e', 'picker.spec.ts'), line: 127 },
              },
            ]),
          ],
        },
      ],
    };
    expect(lib.playwrightFailures(playwright, root)).toEqual([
      '[web] picker.spec.ts:98 › picks — Error: expect(received).toEqual(expected) // deep equality',
      '    at (picker.spec.ts:127)',
      '      - waiting for the poll',
      '      -   "lego_duplo",',
      '      +   undefined,',
    ]);
    const vitest = {
      testResults: [
        {
          name: path.join(root, 'test', 'unit', 'a.test.ts'),
          status: 'failed',
          assertionResults: [
            {
              status: 'failed',
              fullName: 'counts',
              failureMessages: [
                `AssertionError: expected 3 to be 2\n\nExpected: 2\nReceived: 3\n\n    at ${path.join(root, 'test', 'unit', 'a.test.ts')}:12:5`,
              ],
            },
          ],
        },
      ],
    };
    expect(lib.vitestFailures(vitest, root)).toEqual([
      'test/unit/a.test.ts › counts — AssertionError: expected 3 to be 2',
      '    at (a.test.ts:12)',
      '      Expected: 2',
      '      Received: 3',
    ]);
  });
});
