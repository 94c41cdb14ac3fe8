// Resolves a request path to a file of the built renderer, refusing anything outside its folder.
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

/** The stored photo a URL path `/photos/<draftId>/<file>` names, or undefined. */
export function resolvePhotoFile(dataDir: string, urlPath: string): string | undefined {
  const match = PHOTO_PATH.exec(urlPath);
  if (!match) return undefined;
  return path.join(dataDir, 'photos', match[1] as string, match[2] as string);
}
