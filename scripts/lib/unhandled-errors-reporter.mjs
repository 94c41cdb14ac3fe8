// A Vitest reporter beside the others (npm test adds it): writes the run's unhandled errors (an
// 'error' event nobody heard, a rejection nobody caught) to the JSON file named by
// LISTING_DESK_UNHANDLED_FILE, so that the failure list at the end of `npm test` names them; Vitest's
// JSON report leaves them out, and the suite fails on them with no failed test.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.LISTING_DESK_UNHANDLED_FILE;
    if (!file) return;
    const errors = (unhandledErrors ?? []).map((error) => ({
      message: `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`,
      file: error?.VITEST_TEST_PATH,
      test: error?.VITEST_TEST_NAME,
    }));
    writeFileSync(file, JSON.stringify(errors));
  }
}
