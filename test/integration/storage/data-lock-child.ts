// A process that holds a data folder (data-lock.test.ts): takes the lock, says so on stdout, and
// stays until it is killed; SIGTERM ends it the way the shells end (the lock is released on exit).
import { acquireDataLock, type LockKind } from '../../../src/main/storage/data-lock';

const [dataDir, kind] = process.argv.slice(2) as [string, LockKind];
const lock = acquireDataLock(dataDir, kind);
process.on('SIGTERM', () => process.exit(0));
process.stdout.write(`held ${lock.owner.pid}\n`);
setInterval(() => undefined, 60_000);
