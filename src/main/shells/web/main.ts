// Entry of the web shell: `npm run start:web -- [--port N] [--data-dir DIR] [--no-open]`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../../../package.json';
import { createApp } from '../../app';
import { createStderrLogger } from '../../logger';
import { defaultDataDir, systemLocale } from '../../paths';
import { openSecretStore } from '../../secrets/keytar-store';
import { confStoreFactory } from '../../storage/store-factory';
import { parseWebShellArgs } from './args';
import { createLaunchToken } from './guard';
import { openInBrowser } from './open-browser';
import { startWebShell } from './server';

async function main(): Promise<void> {
  const log = createStderrLogger('listing-desk web');
  let args;
  try {
    args = parseWebShellArgs(process.argv.slice(2));
  } catch (error) {
    log.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const dataDir = path.resolve(args.dataDir ?? defaultDataDir());
  const secretStore = await openSecretStore();
  if (secretStore.status.mode === 'session-only')
    log.info(`Secrets are kept for this session only: ${secretStore.status.reason}`);
  const app = await createApp(
    { shell: 'web', dataDir, version, systemLocale: systemLocale() },
    { storeFactory: confStoreFactory, secretStore, log },
  );
  // The built renderer sits beside the built main: out/main/web.js -> out/renderer.
  const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'renderer');
  const shell = await startWebShell({ app, rendererDir, token: createLaunchToken(), port: args.port });
  process.stdout.write(`Listing Desk is running at ${shell.url}\n`);
  if (args.open) openInBrowser(shell.url);

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await shell.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[listing-desk web] ERROR could not start: ${error instanceof Error ? error.message : error}\n`,
  );
  process.exit(1);
});
