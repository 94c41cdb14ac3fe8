// Exports offered as downloads in the web shell (issue 26.1): main writes the file under
// <dataDir>/downloads/<id>/, and the web shell serves it once at /downloads/<id>, behind the same
// token, Host and Origin checks as everything it serves. The id is random, so no page can guess it.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** An export not fetched for this long is removed (the page was closed before it asked). */
export const DOWNLOAD_KEPT_MS = 10 * 60_000;

export interface Downloads {
  /** A fresh place for a file the seller will save as `name`, and the address it is fetched at. */
  prepare(name: string): Promise<{ file: string; url: string }>;
  /** The prepared file at `urlPath`, once: it is not served again. */
  take(urlPath: string): { file: string; name: string } | undefined;
  /** Removes a file once served (or when writing it failed). */
  discard(file: string): Promise<void>;
  close(): Promise<void>;
}

const PREFIX = '/downloads/';

/** The downloads of `dataDir`, after removing what an earlier run left. */
export async function openDownloads(
  dataDir: string,
  options: { now?: () => number; keptMs?: number } = {},
): Promise<Downloads> {
  const now = options.now ?? Date.now;
  const keptMs = options.keptMs ?? DOWNLOAD_KEPT_MS;
  const dir = path.join(dataDir, 'downloads');
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  const waiting = new Map<string, { file: string; name: string; at: number }>();
  const discard = (file: string) => rm(path.dirname(file), { recursive: true, force: true });
  const sweep = async () => {
    const stale = [...waiting].filter(([, d]) => now() - d.at > keptMs);
    for (const [id, d] of stale) {
      waiting.delete(id);
      await discard(d.file);
    }
  };
  return {
    async prepare(name) {
      await sweep();
      const id = randomUUID();
      const file = path.join(dir, id, name);
      await mkdir(path.dirname(file), { recursive: true });
      waiting.set(id, { file, name, at: now() });
      return { file, url: `${PREFIX}${id}` };
    },
    take(urlPath) {
      if (!urlPath.startsWith(PREFIX)) return undefined;
      const id = urlPath.slice(PREFIX.length);
      const found = waiting.get(id);
      if (!found || now() - found.at > keptMs) return undefined;
      waiting.delete(id);
      return { file: found.file, name: found.name };
    },
    discard,
    async close() {
      waiting.clear();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
