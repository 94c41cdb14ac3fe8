// Serves the built renderer under app://renderer with the CSP header, and the drafts' stored photos
// under app://renderer/photos/.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentSecurityPolicy } from '../../serving/csp';
import { contentTypeOf, resolveServedFile } from '../../serving/static-files';
import { APP_HOST, APP_SCHEME } from './app-url';

/** Must run before the app is ready: makes app:// a standard, secure origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Answers app://renderer/... from the renderer's build folder. */
export function serveAppScheme(
  rendererDir: string,
  photoFile: (urlPath: string) => Promise<string | undefined>,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    // Real paths only: a symlink out of the renderer or photos folder is not followed.
    const served =
      url.host === APP_HOST ? await resolveServedFile(rendererDir, photoFile, url.pathname) : undefined;
    const body = served ? await readFile(served.file).catch(() => undefined) : undefined;
    if (!served || !body) return new Response('Not found', { status: 404 });
    return new Response(body, {
      headers: {
        'Content-Type': contentTypeOf(served.file),
        'Content-Security-Policy': contentSecurityPolicy(),
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
