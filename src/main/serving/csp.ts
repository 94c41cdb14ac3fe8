// The renderer's Content Security Policy, the same in both shells: only the app's own scripts and
// styles, no inline script, no plugins, no frames, no forms; `connect` as each shell needs it.

/** The CSP header value; `connect` lists extra connect-src sources (the web shell's WebSocket). */
export function contentSecurityPolicy(connect: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Listing photos come straight from the service's media host: any https host, or the embedded
    // sandbox (or a test service) on loopback.
    "img-src 'self' data: blob: https: http://127.0.0.1:* http://localhost:*",
    "font-src 'self'",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy for `electron-vite dev` (Electron loads the renderer from Vite's dev server): the same,
 * but React's refresh preamble is an inline script and hot reload talks over the server's WebSocket.
 */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const origin = new URL(devServerUrl);
  const socket = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return contentSecurityPolicy([socket])
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
}
