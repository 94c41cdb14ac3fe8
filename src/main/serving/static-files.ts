// Resolves a request path to a file both shells may serve: a file of the built renderer or a
// draft's stored photo. The URL is checked as text first, then the file's real path (symlinks
// followed) must lie inside the folder too, so a link cannot lead out of it.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The file for a URL path inside `root` ('/' is index.html), or undefined when it would leave root. */
export function resolveStaticFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  const base = path.resolve(root);
  return file.startsWith(base + path.sep) ? file : undefined;
}

/** The Content-Type for a file name. */
export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

// Photos are named by the intake (`<uuid>.jpg`, `<uuid>.png`, `<uuid>.thumb.jpg`) inside a folder
// named by the draft's uuid; nothing else under the data folder is ever served.
const PHOTO_PATH = /^\/photos\/([0-9a-fA-F-]{36})\/([0-9a-fA-F-]{36}(?:\.thumb)?\.(?:jpg|png))$/;

/** The photo file a URL path `/photos/<draftId>/<file>` names, by name only (no disk access). */
export function photoFileName(dataDir: string, urlPath: string): string | undefined {
  const match = PHOTO_PATH.exec(urlPath);
  if (!match) return undefined;
  return path.join(dataDir, 'photos', match[1] as string, match[2] as string);
}

/** The real path of `file` when it is a regular file whose real path lies inside `folder`'s. */
export async function realFileInside(folder: string, file: string): Promise<string | undefined> {
  try {
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(file)]);
    const relative = path.relative(realFolder, realFile);
    const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
    if (relative === '' || outside) return undefined;
    return (await stat(realFile)).isFile() ? realFile : undefined;
  } catch {
    // Missing, unreadable, or a link to nowhere: nothing to serve.
    return undefined;
  }
}

/** The stored photo a URL path `/photos/<draftId>/<file>` names, really inside `<dataDir>/photos`. */
export async function resolvePhotoFile(dataDir: string, urlPath: string): Promise<string | undefined> {
  const file = photoFileName(dataDir, urlPath);
  return file ? realFileInside(path.join(dataDir, 'photos'), file) : undefined;
}

/** A file of the built renderer for a URL path, really inside `rendererDir`. */
export async function resolveRendererFile(rendererDir: string, urlPath: string): Promise<string | undefined> {
  const file = resolveStaticFile(rendererDir, urlPath);
  return file ? realFileInside(rendererDir, file) : undefined;
}

/** What a shell serves for a URL path: a stored photo (`photo` true), else a renderer file. */
export async function resolveServedFile(
  rendererDir: string,
  photoFile: (urlPath: string) => Promise<string | undefined>,
  urlPath: string,
): Promise<{ file: string; photo: boolean } | undefined> {
  const photo = await photoFile(urlPath);
  if (photo) return { file: photo, photo: true };
  const file = await resolveRendererFile(rendererDir, urlPath);
  return file ? { file, photo: false } : undefined;
}
