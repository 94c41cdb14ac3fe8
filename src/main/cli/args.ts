// The command line's words: `<command> [arguments] [options]`, parsed without side effects so that
// a usage error is told before the data folder is opened.
import { parseArgs } from 'node:util';
import { draftIdSchema } from '../../shared/domain/draft';

export const commands = ['import', 'export', 'publish', 'status', 'listings', 'accounts'] as const;
export type CommandName = (typeof commands)[number];

export interface CliArgs {
  command: CommandName | 'help';
  /** Positional arguments after the command (a file, draft ids). */
  operands: string[];
  dataDir?: string;
  account?: string;
  photos?: string;
  /** import: the account's template (name or id) each draft starts from. */
  template?: string;
  /** import: what becomes of rows that look like a draft already (same title and price, no reference). */
  duplicates: 'skip' | 'import';
  json: boolean;
  ready: boolean;
  verbose: boolean;
  /** export: the live listings instead of the drafts. */
  listings: boolean;
  /** export: replace the file if it exists. */
  replace: boolean;
  /** publish: how long to wait for the jobs to settle, in minutes (0: no limit). */
  waitMinutes: number;
}

/** What was wrong with the command (words.ts says it in the seller's language). */
export type UsageProblem =
  | { problem: 'options'; detail: string }
  | { problem: 'unknown-command'; name: string }
  | { problem: 'data-dir-empty' }
  | { problem: 'data-dir-missing'; dir: string }
  | { problem: 'wait'; value: string }
  | { problem: 'duplicates'; value: string }
  | { problem: 'not-with'; flag: string; command: CommandName }
  | { problem: 'import-one' }
  | { problem: 'export-one' }
  | { problem: 'export-type'; file: string }
  | { problem: 'publish-what' }
  | { problem: 'not-an-id'; id: string }
  | { problem: 'no-arguments'; command: CommandName }
  | { problem: 'account-unknown'; name: string; names: string[] }
  | { problem: 'template-unknown'; name: string; account: string; names: string[] }
  | { problem: 'not-available'; command: CommandName }
  | { problem: 'accounts-imprint' };

/** A usage error (exit code 2). */
export class UsageError extends Error {
  constructor(readonly usage: UsageProblem) {
    super(`usage: ${usage.problem}`);
    this.name = 'UsageError';
  }
}

const DEFAULT_WAIT_MINUTES = 30;

/** Parses argv (after the program name); throws UsageError. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'data-dir': { type: 'string' },
        account: { type: 'string' },
        photos: { type: 'string' },
        template: { type: 'string' },
        duplicates: { type: 'string' },
        json: { type: 'boolean', default: false },
        ready: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        listings: { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        wait: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError({
      problem: 'options',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const { values, positionals } = parsed;
  const [first, ...operands] = positionals;
  const base = {
    operands,
    json: values.json,
    ready: values.ready,
    verbose: values.verbose,
    listings: values.listings,
    replace: values.replace,
    waitMinutes: DEFAULT_WAIT_MINUTES,
    duplicates: 'skip' as 'skip' | 'import',
    ...(values['data-dir'] !== undefined && { dataDir: values['data-dir'] }),
    ...(values.account !== undefined && { account: values.account }),
    ...(values.photos !== undefined && { photos: values.photos }),
    ...(values.template !== undefined && { template: values.template }),
  };
  if (values.help || first === undefined || first === 'help') return { ...base, command: 'help' };
  if (!(commands as readonly string[]).includes(first))
    throw new UsageError({ problem: 'unknown-command', name: first });
  const command = first as CommandName;
  if (values['data-dir'] !== undefined && values['data-dir'].trim() === '')
    throw new UsageError({ problem: 'data-dir-empty' });
  if (values.wait !== undefined) {
    if (!/^\d+$/.test(values.wait)) throw new UsageError({ problem: 'wait', value: values.wait });
    base.waitMinutes = Number(values.wait);
  }
  if (values.duplicates !== undefined) {
    if (values.duplicates !== 'skip' && values.duplicates !== 'import')
      throw new UsageError({ problem: 'duplicates', value: values.duplicates });
    base.duplicates = values.duplicates;
  }
  const only = (flag: string, allowed: readonly CommandName[], given: boolean) => {
    if (given && !allowed.includes(command)) throw new UsageError({ problem: 'not-with', flag, command });
  };
  only('--ready', ['publish'], values.ready);
  only('--json', ['status', 'listings'], values.json);
  only('--photos', ['import'], values.photos !== undefined);
  only('--template', ['import'], values.template !== undefined);
  only('--duplicates', ['import'], values.duplicates !== undefined);
  only('--wait', ['publish'], values.wait !== undefined);
  only('--listings', ['export'], values.listings);
  only('--replace', ['export'], values.replace);
  switch (command) {
    case 'import':
      if (operands.length !== 1) throw new UsageError({ problem: 'import-one' });
      break;
    case 'export':
      if (operands.length !== 1) throw new UsageError({ problem: 'export-one' });
      if (!/\.(csv|xlsx)$/i.test(operands[0]!))
        throw new UsageError({ problem: 'export-type', file: operands[0]! });
      break;
    case 'publish': {
      if (values.ready === operands.length > 0) throw new UsageError({ problem: 'publish-what' });
      const bad = operands.find((id) => !draftIdSchema.safeParse(id).success);
      if (bad !== undefined) throw new UsageError({ problem: 'not-an-id', id: bad });
      break;
    }
    case 'status':
    case 'listings':
      if (operands.length > 0) throw new UsageError({ problem: 'no-arguments', command });
      break;
    case 'accounts':
      if (operands[0] !== 'imprint' || operands.length !== 3)
        throw new UsageError({ problem: 'accounts-imprint' });
      break;
  }
  return { ...base, command };
}
