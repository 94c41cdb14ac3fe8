// The Electron shell's one flag of its own: `--data-dir=<folder>` (or `--data-dir <folder>`), the
// data folder to use instead of the OS's per-user one, as the web shell and the command line take.
// The Electron tests start every app in a fresh folder with it.
import path from 'node:path';

/** The absolute data folder named on the command line, or undefined when none (or an empty one) is. */
export function dataDirArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg.startsWith('--data-dir=')) value = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir') value = argv[i + 1];
    else continue;
    return value && value.trim() !== '' ? path.resolve(value) : undefined;
  }
  return undefined;
}
