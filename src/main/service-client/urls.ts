// Joining the configured service roots with the spec's paths, and the few readings of an address a
// seller may paste: the spec's `{auth_url}` root with or without its `/v2`, or the whole token URL;
// the listings root with or without a trailing `/v1`.
import { TOKEN_PATH } from '../../shared/service';

/** `root` (with or without a trailing slash) followed by `path` (which starts with '/'). */
export function joinUrl(root: string, path: string): string {
  return `${root.replace(/\/+$/, '')}${path}`;
}

const trimmed = (url: string): string => url.trim().replace(/\/+$/, '');
const endsWith = (url: string, tail: string): boolean => url.toLowerCase().endsWith(tail.toLowerCase());
const unique = (urls: string[]): string[] => [...new Set(urls)];

/** The token service roots `typed` may mean, the most likely first (the app appends `/oidc/token`). */
export function tokenRootCandidates(typed: string): string[] {
  let root = trimmed(typed);
  if (endsWith(root, TOKEN_PATH)) root = root.slice(0, -TOKEN_PATH.length);
  // The spec's token paths are versioned `/v2`; a root pasted without it most likely lacks it.
  if (endsWith(root, '/v2')) return unique([root, root.slice(0, -'/v2'.length)]);
  return unique([`${root}/v2`, root]);
}

/** The listings service roots `typed` may mean, the most likely first (the app appends `/v1/...`). */
export function listingsRootCandidates(typed: string): string[] {
  const root = trimmed(typed);
  // A trailing `/v1` is most likely the start of the spec's paths, pasted along with the root.
  if (endsWith(root, '/v1')) return unique([root.slice(0, -'/v1'.length), root]);
  return [root];
}
