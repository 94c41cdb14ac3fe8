// The web shell serves a prepared export once (issue 26.1), behind the same token and Host checks as
// everything else it serves.
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportResult } from '../../../../src/shared/domain/tables/export';
import { createLaunchToken, tokenCookieName } from '../../../../src/main/shells/web/guard';
import { startWebShell, type WebShell } from '../../../../src/main/shells/web/server';
import { readyDraft, writeDraft } from '../../../fixtures/draft-files';
import { createTempApp, tempDir, type TempApp } from '../../helpers/temp-app';

function get(port: number, urlPath: string, headers: http.OutgoingHttpHeaders, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('web shell downloads', () => {
  const temp = tempDir();
  const token = createLaunchToken();
  let backEnd: TempApp;
  let shell: WebShell;

  beforeAll(async () => {
    const dataDir = path.join(temp.dir, 'data');
    writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Sofa grau' }));
    backEnd = await createTempApp(dataDir);
    shell = await startWebShell({ app: backEnd.app, rendererDir: path.join(temp.dir, 'renderer'), token });
  });
  afterAll(async () => {
    await shell?.close();
    await backEnd?.remove();
    temp.remove();
  });

  it('serves an export once, only with the token and to its own host', async () => {
    const { download } = await backEnd.call<ExportResult>('export:drafts', { download: true, format: 'csv' });
    const host = `127.0.0.1:${shell.port}`;
    const cookie = `${tokenCookieName(shell.port)}=${token}`;
    expect((await get(shell.port, download!.url, { host })).status).toBe(403);
    expect(
      (await get(shell.port, download!.url, { host: `evil.example:${shell.port}`, cookie })).status,
    ).toBe(403);
    // A HEAD would use up the one fetch.
    expect((await get(shell.port, download!.url, { host, cookie }, 'HEAD')).status).toBe(405);

    const served = await get(shell.port, download!.url, { host, cookie });
    expect(served.status).toBe(200);
    expect(served.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(download!.name)}`,
    );
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.body).toContain('Sofa grau');
    expect((await get(shell.port, download!.url, { host, cookie })).status).toBe(404);
  });
});
