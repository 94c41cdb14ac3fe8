// Names the tests a run skipped, and why, from the runners' JSON reports, for the line before
// `npm test`'s last line. Playwright gives each skipped test its reason (the `skip` annotation of
// test.skip(condition, reason)); Vitest's report has no reasons, so its skipped tests are named by
// their full titles (where this project writes the reason) and files.
import path from 'node:path';

const NO_REASON = 'no reason given';

/** @typedef {{ count: number, what: string, why?: string }} SkipGroup */

function relative(root, file) {
  return path.relative(root, file).split(path.sep).join('/') || '.';
}

function capitalized(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function titled(titles, limit = 3) {
  const shown = titles.slice(0, limit).map((title) => `“${title}”`);
  const more = titles.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** Every test of a Playwright JSON report: { project, file, title, status, reason }. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const annotations = [
          ...(test.annotations ?? []),
          ...(test.results ?? []).flatMap((result) => result.annotations ?? []),
        ];
        const skip = annotations.find(
          (annotation) => annotation.type === 'skip' || annotation.type === 'fixme',
        );
        tests.push({
          project: test.projectName ?? '',
          file: spec.file,
          title: [...here, spec.title].join(' › '),
          status: test.status,
          line: spec.line,
          error: (test.results ?? []).flatMap((result) => result.errors ?? [])[0]?.message,
          errors: (test.results ?? []).flatMap((result) => result.errors ?? []),
          reason: skip?.description?.trim() || NO_REASON,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return tests;
}

/**
 * The skipped tests of a Playwright JSON report, grouped by project and reason: a whole project
 * skipped for one reason is named as such (`the Electron tests (test/electron)`), otherwise the
 * tests are named by title.
 * @returns {SkipGroup[]}
 */
export function playwrightSkips(report, root) {
  const projects = new Map((report?.config?.projects ?? []).map((project) => [project.name, project]));
  const tests = playwrightTests(report);
  const groups = new Map();
  for (const test of tests.filter((candidate) => candidate.status === 'skipped')) {
    const key = `${test.project}\n${test.reason}`;
    if (!groups.has(key)) groups.set(key, { project: test.project, reason: test.reason, tests: [] });
    groups.get(key).tests.push(test);
  }
  return [...groups.values()].map(({ project, reason, tests: skipped }) => {
    const testDir = projects.get(project)?.testDir;
    const where = testDir ? relative(root, testDir) : undefined;
    const ofProject = tests.filter((test) => test.project === project);
    const wholeProject = project !== '' && skipped.length === ofProject.length;
    const what = wholeProject
      ? `the ${capitalized(project)} tests${where ? ` (${where})` : ''}`
      : `${titled(skipped.map((test) => test.title))}${where ? ` (${where})` : ''}`;
    return { count: skipped.length, what, why: reason };
  });
}

/**
 * The skipped (and todo) tests of a Vitest JSON report, by file.
 * @returns {SkipGroup[]}
 */
export function vitestSkips(report, root) {
  const groups = [];
  for (const file of report?.testResults ?? []) {
    const skipped = (file.assertionResults ?? []).filter((test) =>
      ['skipped', 'pending', 'todo', 'disabled'].includes(test.status),
    );
    if (skipped.length === 0) continue;
    const titles = skipped.map(
      (test) => test.fullName || [...(test.ancestorTitles ?? []), test.title].join(' '),
    );
    groups.push({ count: skipped.length, what: `${titled(titles)} (${relative(root, file.name)})` });
  }
  return groups;
}

/** The first line of an error message, without terminal colours, cut to a readable length. */
function firstLine(message) {
  const plain = plainLines(message)
    .map((line) => line.trim())
    .find((line) => line !== '');
  return plain ? cut(plain) : 'no message';
}

/**
 * What else a failed test's errors say, indented under its line: each further error (a timed-out
 * test's pending step: `locator.click: Test timeout …`) with where it stood, and what the step was
 * waiting for (its call log's `- waiting for …`), a few lines at most.
 * @returns {string[]}
 */
function errorDetails(errors) {
  const details = [];
  errors.forEach((error, i) => {
    const where = error.location ? ` (${path.basename(error.location.file)}:${error.location.line})` : '';
    if (i > 0) details.push(`    ${firstLine(error.message)}${where}`);
    else if (where) details.push(`    at${where}`);
    const lines = plainLines(error.message);
    const waiting = lines.filter((line) => /^\s*- waiting for /.test(line)).slice(0, 1);
    for (const line of [...waiting, ...comparedLines(lines)]) details.push(`      ${cut(line.trim())}`);
  });
  return details.slice(0, 8);
}

/** A message's lines without colours, trimmed at the end. */
function plainLines(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
  );
}

const cut = (line) => (line.length > 200 ? `${line.slice(0, 199)}…` : line);

/**
 * What an assertion compared: its `Expected:`/`Received:` lines, or the lines of its diff that
 * differ (`-   "a"`, `+   "b"`), three at most, so a failure far away (CI) says what it saw.
 */
function comparedLines(lines) {
  const named = lines.filter((line) => /^\s*(Expected|Received)( [a-z]+)*:/.test(line));
  const diff = lines.filter((line) => /^[-+]\s+\S/.test(line) && !/^[-+] (Expected|Received)\b/.test(line));
  return (named.length > 0 ? named : diff).map((line) => line.trim()).slice(0, 3);
}

/**
 * The failed tests of a Playwright JSON report (`unexpected`, and `flaky` ones that failed before
 * passing are not failures), one line each: `file:line › title — first line of the error`.
 * @returns {string[]}
 */
export function playwrightFailures(report, root) {
  const failed = playwrightTests(report).filter((test) => test.status === 'unexpected');
  const lines = failed.flatMap((test) => [
    `${test.project ? `[${test.project}] ` : ''}${test.file}${test.line ? `:${test.line}` : ''} › ${test.title} — ${firstLine(test.error)}`,
    ...errorDetails(test.errors ?? []),
  ]);
  for (const error of report?.errors ?? []) lines.push(`outside any test — ${firstLine(error.message)}`);
  return lines.map((line) => line.replace(root + path.sep, ''));
}

/**
 * The failed tests of a Vitest JSON report, one line each: `file › full title — first line`;
 * a file that failed without a failing test (it did not load) is named with its message.
 * @returns {string[]}
 */
export function vitestFailures(report, root) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const title = test.fullName || [...(test.ancestorTitles ?? []), test.title].join(' ');
      lines.push(`${relative(root, file.name)} › ${title} — ${firstLine(test.failureMessages?.[0])}`);
      const message = plainLines(test.failureMessages?.[0]);
      const at = message
        .map((line) => /\bat .*?([^\s(]+\.test\.[cm]?[jt]sx?:\d+)/.exec(line)?.[1])
        .find(Boolean);
      if (at) lines.push(`    at (${path.basename(at)})`);
      for (const line of comparedLines(message)) lines.push(`      ${cut(line)}`);
    }
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`${relative(root, file.name)} — ${firstLine(file.message)}`);
  }
  return lines;
}

/**
 * The line naming what was skipped and why: `6 skipped: the Electron tests (test/electron) —
 * Electron's binary is not installed here (…)`; with several groups each gives its count
 * (`7 skipped: the Electron tests (test/electron), 6 — …; “…” (test/…), 1`). `total` is the
 * runners' own count; skipped tests their reports do not name are counted as such.
 */
export function skippedLine(groups, total) {
  const named = groups.reduce((sum, group) => sum + group.count, 0);
  const all =
    total > named ? [...groups, { count: total - named, what: 'not named by their reports' }] : groups;
  const parts = all.map(
    (group) =>
      `${group.what}${all.length > 1 ? `, ${group.count}` : ''}${group.why ? ` — ${group.why}` : ''}`,
  );
  return `${total} skipped: ${parts.join('; ')}`;
}
