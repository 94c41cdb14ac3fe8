// Joining the configured service roots with the spec's paths.

/** `root` (with or without a trailing slash) followed by `path` (which starts with '/'). */
export function joinUrl(root: string, path: string): string {
  return `${root.replace(/\/+$/, '')}${path}`;
}
