// electron-builder.yml as electron-builder itself loads it, and its own file matchers, for the
// packaging tests.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Configuration, PlatformSpecificBuildOptions } from 'app-builder-lib';
import * as fileMatcher from 'app-builder-lib/out/fileMatcher';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';

export const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const configFile = path.join(root, 'electron-builder.yml');

const quietLogger = { isEnabled: false, add: () => undefined };

/** The configuration through electron-builder's loader (the same merge of `extends` it does). */
export function loadConfig(file = configFile): Promise<Configuration> {
  return getConfig(root, file, null);
}

/** electron-builder's schema check; throws its own message when the configuration is invalid. */
export function validate(config: Configuration): Promise<void> {
  return validateConfiguration(config, quietLogger as unknown as Parameters<typeof validateConfiguration>[1]);
}

/**
 * A predicate on paths relative to the project telling whether electron-builder's matcher for
 * `name` (files, asarUnpack, extraFiles) selects them, as it does while packaging.
 */
export function matcherOf(
  config: Configuration,
  name: 'files' | 'asarUnpack' | 'extraFiles',
  platform: PlatformSpecificBuildOptions = {},
): { matches: (relative: string) => boolean; from: string[] } {
  const matchers =
    fileMatcher.getFileMatchers(config, name, '/app', {
      macroExpander: (pattern) => pattern,
      customBuildOptions: platform,
      globalOutDir: path.join(root, 'dist'),
      defaultSrc: root,
    }) ?? [];
  const filters = matchers.map((matcher) => ({ from: matcher.from, filter: matcher.createFilter() }));
  return {
    from: matchers.map((matcher) => matcher.from),
    matches: (relative) => {
      const file = path.join(root, relative);
      const stat = statSync(file);
      return filters.some(({ from, filter }) => file.startsWith(from) && filter(file, stat));
    },
  };
}

type NodeModuleMatcher = (
  appDir: string,
  destination: string,
  macroExpander: (pattern: string) => string,
  platformSpecificBuildOptions: PlatformSpecificBuildOptions,
  packager: { config: Configuration; debugLogger: typeof quietLogger },
) => fileMatcher.FileMatcher;

/**
 * Whether electron-builder copies a file of node_modules (relative to the project) into the app:
 * its own matcher for production dependencies, which takes only the `!` patterns of `files`.
 */
export function nodeModulesMatcher(config: Configuration): (relative: string) => boolean {
  const create = (fileMatcher as unknown as { getNodeModuleFileMatcher: NodeModuleMatcher })
    .getNodeModuleFileMatcher;
  const filter = create(
    root,
    '/app',
    (pattern) => pattern,
    {},
    { config, debugLogger: quietLogger },
  ).createFilter();
  return (relative) => {
    const file = path.join(root, relative);
    return filter(file, statSync(file));
  };
}
