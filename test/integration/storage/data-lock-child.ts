// A process that holds a data folder (data-lock tests): takes the lock, says so on stdout, and
// stays until it is killed; SIGTERM ends it the way the shells end (the lock is released on exit).
// Options after the folder and kind: `boot=ID` and `computer=NAME` record it as from another boot
// or computer, `heartbeat=MS` beats faster, `go` waits for a line on stdin before it tries (a race).
// Refused, it says `refused <holder pid> <holder computer>` and ends.
import { createInterface } from 'node:readline';
import { acquireDataLock, DataFolderLocked, type LockKind } from '../../../src/main/storage/data-lock';

const [dataDir, kind, ...rest] = process.argv.slice(2) as [string, LockKind, ...string[]];
const option = (name: string) => rest.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
const boot = option('boot');
const computer = option('computer');
const heartbeat = option('heartbeat');

function take(): void {
  try {
    const lock = acquireDataLock(dataDir, kind, {
      identity: { ...(boot && { boot }), ...(computer && { computer }) },
      ...(heartbeat && { heartbeatMs: Number(heartbeat) }),
    });
    process.stdout.write(`held ${lock.owner.pid}\n`);
    setInterval(() => undefined, 60_000);
  } catch (error) {
    if (!(error instanceof DataFolderLocked)) throw error;
    process.stdout.write(`refused ${error.owner.pid} ${error.owner.computer}\n`);
    process.exit(0);
  }
}

process.on('SIGTERM', () => process.exit(0));
if (rest.includes('go')) {
  process.stdout.write('ready\n');
  createInterface({ input: process.stdin }).once('line', take);
} else take();
