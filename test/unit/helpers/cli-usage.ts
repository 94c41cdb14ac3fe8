// The command line's parser called as `main` calls it, for the tests of its usage errors.
import { parseCliArgs, UsageError, type UsageProblem } from '../../../src/main/cli/args';

/** The usage problem `argv` is refused with (fails when it parses). */
export function usageProblem(argv: string[]): UsageProblem {
  try {
    parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.usage;
    throw error;
  }
  throw new Error(`${argv.join(' ')} parsed without a usage error`);
}
