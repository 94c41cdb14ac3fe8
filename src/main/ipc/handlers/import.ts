import type { ImportService } from '../../import';
import { absolutePaths } from '../absolute-paths';
import type { Handlers } from '../router';

type ImportChannels = Extract<keyof Handlers, `import:${string}`>;

/** Main checks the paths with its own platform's rules (the contract only checks their look). */
function checked<T extends { path: string; photoDir?: string | undefined }>(input: T): T {
  absolutePaths(input.photoDir === undefined ? [input.path] : [input.path, input.photoDir]);
  return input;
}

/** Handlers of the `import:` channels. */
export function importHandlers(imports: ImportService): Pick<Handlers, ImportChannels> {
  return {
    'import:inspect': (input) => imports.inspect(checked(input)),
    'import:preview': (input) => imports.preview(checked(input)),
    'import:run': (input) => imports.run(checked(input)),
    'import:undo': ({ importId }) => imports.undo(importId),
    'import:list': async () => ({ imports: await imports.list() }),
  };
}
