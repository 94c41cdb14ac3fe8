// Issue 35.8 in Electron itself: a feed large enough to be planned in a process of its own is
// planned by `electron . feed plan` in Electron's utility process (src/main/shells/electron/
// plan-child-electron.ts: out/main/plan-child.js started with the heap flags), with the same plan as
// `npm run cli` makes with Node's fork, and the app's log names the child that made it. Skipped with
// the reason where Electron's binary or the build is missing; test/integration/feeds/plan-child.test.ts
// runs the same port with Node's fork everywhere.
import {
  createReadStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeGoogleFeed } from '../../bench/feed/google-xml-make';
import { cli, type CliRun } from '../integration/cli/run-cli';
import { startHttpsServer } from '../integration/feeds/helpers/https-server';
import { electron, whyNoCommand } from './electron-command';
import { expect, test } from './fixtures';

const noCommand = whyNoCommand();

/** Every file's text under `dir`. */
const texts = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? texts(file) : [readFileSync(file, 'utf8')];
  });

test.describe("a large feed's plan in Electron", () => {
  test.skip(noCommand !== undefined, noCommand);

  test("is made in a utility process, the same plan as the command line's under Node", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-electron-plan-'));
    let viaNode: CliRun;
    let viaElectron: CliRun;
    try {
      const file = path.join(dir, 'google.xml');
      // Some 20 MB, well past the size from which a plan goes to a child (PLAN_CHILD_MIN_BYTES, 8 MB).
      // Served by the shop's server over HTTPS (a feed file on disk is a table to `feed add`).
      const server = await startHttpsServer(dir, (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
        createReadStream(file).pipe(response);
      });
      try {
        await writeGoogleFeed(file, 12_000, server.origin);
        expect(statSync(file).size).toBeGreaterThanOrEqual(16 * 1024 * 1024);
        const ca = path.join(dir, 'ca.pem');
        writeFileSync(ca, server.ca);
        const trust = { NODE_EXTRA_CA_CERTS: ca };
        const dataDir = path.join(dir, 'data');
        const added = await cli(
          [
            'feed',
            'add',
            'big',
            `${server.origin}/google.xml`,
            '--allow-private-addresses',
            '--data-dir',
            dataDir,
          ],
          trust,
        );
        expect(added.code, added.stderr).toBe(0);
        viaNode = await cli(['feed', 'plan', 'big', '--json', '--data-dir', dataDir], trust);
        viaElectron = await electron(['feed', 'plan', 'big', '--json', '--data-dir', dataDir], trust);
      } finally {
        await server.close();
      }
      const dataDir = path.join(dir, 'data');
      expect(viaNode.code, viaNode.stderr).toBe(0);
      expect(viaElectron.code, viaElectron.stderr).toBe(0);
      const plan = (stdout: string) => {
        const { at: _at, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
        return rest;
      };
      expect(plan(viaElectron.stdout)).toEqual(plan(viaNode.stdout));
      // Both made it in a child of their own, and the log says so.
      const logged =
        texts(dataDir)
          .join('\n')
          .match(/the plan's process \d+ planned \d+ rows/g) ?? [];
      expect(logged).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  });
});
