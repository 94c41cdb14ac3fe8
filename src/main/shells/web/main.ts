// Entry of the web shell: `npm run start:web -- [--port N] [--data-dir DIR] [--no-open]`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../../../package.json';
import { createLog, parseLogLevel, type AppLog } from '../../log/create-log';
import { logProcessFailures } from '../../log/process-failures';
import { defaultDataDir } from '../../system/paths';
import { resolvePhotoFile } from '../../serving/static-files';
import { takeDataFolder } from '../../storage/take-data-folder';
import { parseWebShellArgs } from './args';
import { createLaunchToken } from './guard';
import { openApp } from './open-app';
import { openInBrowser } from './open-browser';
import { startWebShell } from './server';

// Module-wide so that a failed start lands in the log file too, once there is one.
let startedLog: AppLog | undefined;

async function main(): Promise<void> {
  let args;
  try {
    args = parseWebShellArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`[listing-desk web] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const dataDir = path.resolve(args.dataDir ?? defaultDataDir());
  // One process per data folder; a second one says who holds it and ends (exit code 3). A holder
  // that may be gone (another computer, judged by its heartbeat) is waited for until taken over.
  await takeDataFolder(dataDir, 'web', {
    refused(message) {
      process.stderr.write(`[listing-desk web] ${message}\n`);
      process.exit(3);
    },
    waiting: (message) => process.stderr.write(`[listing-desk web] ${message}\n`),
    lost(message) {
      // Two processes must never write to one folder: this one stops, saying why.
      process.stderr.write(`[listing-desk web] ${message}\n`);
      startedLog?.error(message);
      startedLog?.close();
      process.exit(3);
    },
  });
  const log = createLog({
    dataDir,
    name: 'listing-desk web',
    level: parseLogLevel(process.env.LISTING_DESK_LOG_LEVEL),
  });
  startedLog = log;
  logProcessFailures(process, log, () => {
    log.close();
    process.exit(1);
  });
  log.info(`Listing Desk ${version} starting (web shell)`, { dataDir, node: process.versions.node });
  // The app is loaded and opened once the server listens (open-app.ts).
  let listening = () => undefined as void;
  const opening = new Promise<void>((resolve) => (listening = resolve)).then(() =>
    openApp(dataDir, version, log),
  );
  // Failing is reported below, where it is awaited; this only keeps Node from calling it unhandled
  // while the server starts.
  opening.catch(() => undefined);
  // The built renderer sits beside the built main: out/main/web.js -> out/renderer.
  const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'renderer');
  // The server starts while the app opens (its drafts index, stores, the embedded service): the page
  // loads meanwhile and its calls wait for the app (issue 18.5). Photos need only the data folder.
  const shell = await startWebShell({
    app: opening,
    photoFile: (urlPath) => resolvePhotoFile(dataDir, urlPath),
    rendererDir,
    token: createLaunchToken(),
    port: args.port,
    log,
  });
  process.stdout.write(`Listing Desk is running at ${shell.url}\n`);
  listening();
  if (args.open) openInBrowser(shell.url);
  const app = await opening;

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
  if (startedLog) startedLog.error('Could not start', error);
  else
    process.stderr.write(
      `[listing-desk web] ERROR could not start: ${error instanceof Error ? error.message : error}\n`,
    );
  process.exit(1);
});
