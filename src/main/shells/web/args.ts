// Command-line flags of the web shell: [--port N] [--data-dir DIR] [--no-open].
import { parseArgs } from 'node:util';

export interface WebShellArgs {
  port: number;
  dataDir?: string;
  open: boolean;
}

/** Parses the flags; throws an Error whose message says what to fix. */
export function parseWebShellArgs(argv: string[]): WebShellArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'no-open': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  // Digits only: Number() would take '' as 0 and '0x50' or '1e3' as ports.
  const port = values.port === undefined ? 0 : /^\d+$/.test(values.port) ? Number(values.port) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `--port must be a whole number from 0 to 65535 (0 picks a free port), not "${values.port}".`,
    );
  }
  return { port, dataDir: values['data-dir'], open: !values['no-open'] };
}
