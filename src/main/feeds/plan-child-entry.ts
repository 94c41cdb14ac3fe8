// The plan's own process (issue 35.8; plan-child.ts): started by the app with one request, it reads
// the kept copy, plans each row against what the app sent and answers once, then waits to be ended.
// The same file under Node's fork (process.send) and Electron's utilityProcess (process.parentPort).
// It logs nothing of its own: the app logs what it answered, and the last of its standard error.
import { readFileSync } from 'node:fs';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { readKeptFeed } from './feed-source';
import { contextOffWire, type PlanReply, type PlanRequest } from './plan-child';
import { planRows, sourceRows } from './plan-rows';

/** This process's peak resident memory in kB (Linux's /proc), or undefined. */
function peakRssKb(): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb);
  } catch {
    return undefined;
  }
}

async function answer(request: PlanRequest): Promise<PlanReply> {
  try {
    await mainI18n.changeLanguage(request.language);
    const { feed, kept, world } = request;
    const now = new Date(request.now);
    const source = sourceRows(await readKeptFeed(feed, kept), feed, now);
    const planned = await planRows({ ...world, context: contextOffWire(world.context) }, source, feed, now, {
      keepRows: request.keepRows,
      // The app adds the catalog's guesses to the unmapped categories.
      guesses: () => [],
    });
    const peak = peakRssKb();
    return { kind: 'planned', ...planned, ...(peak !== undefined && { peakRssKb: peak }) };
  } catch (error) {
    if (error instanceof AppError)
      return {
        kind: 'failed',
        error: { code: error.code, message: error.message, details: structuredClone(error.details) },
      };
    return {
      kind: 'failed',
      error: { code: 'internal', message: error instanceof Error ? error.message : String(error) },
    };
  }
}

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (parentPort !== undefined) {
  // Electron's utility process.
  parentPort.on('message', (event) => {
    void answer(event.data as PlanRequest).then((reply) => parentPort.postMessage(reply));
  });
} else if (process.send !== undefined) {
  process.once('message', (message) => {
    void answer(message as PlanRequest).then((reply) => process.send!(reply));
  });
  // The app's process gone (its channel closed): nothing is waited for any more.
  process.once('disconnect', () => process.exit(0));
} else {
  process.stderr.write('The plan process is started by the app only.\n');
  process.exit(2);
}
