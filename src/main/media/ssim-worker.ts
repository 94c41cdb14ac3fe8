// SSIM off the main thread: ssim.js is plain JavaScript, and the quality search (encode-photo.ts)
// runs it a few times per photo. On the main process's event loop that held every IPC call of the
// window for up to 20 ms at a time while a batch was taken in; in worker threads it runs beside
// libvips on the other cores and the loop stays free (bench/photos/intake-speed.ts prints both).
//
// A small pool, one worker per photo the intake processes at once, started on first use and ended
// when idle. CommonJS run with `eval: true`, ssim.js required by the absolute path main resolved:
// one source serves the bundled main process and the tests (as heic.ts does).
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** An image as ssim.js takes it: RGBA, 8 bits a channel. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The ssim.js options the pool passes through. */
export interface SsimOptions {
  downsample: false | 'original' | 'fast';
  ssim: 'fast' | 'original' | 'bezkrovny' | 'weber';
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { ssim } = require(workerData.modulePath);
parentPort.on('message', ({ id, a, b, options }) => {
  try {
    parentPort.postMessage({ id, value: ssim(a, b, options).mssim });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

// Starting a worker costs a few milliseconds; one that sat idle this long is ended.
const IDLE_MS = 20_000;

interface Pending {
  resolve: (value: number) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  idleTimer?: NodeJS.Timeout;
}

let modulePath: string | undefined;
let nextId = 0;
const pool: PoolWorker[] = [];

/** Workers at most: as many as photos are processed at once, never more than the cores. */
function poolSize(): number {
  return Math.max(1, Math.min(availableParallelism(), 4));
}

function drop(entry: PoolWorker, error: Error): void {
  const at = pool.indexOf(entry);
  if (at >= 0) pool.splice(at, 1);
  clearTimeout(entry.idleTimer);
  for (const { reject } of entry.pending.values()) reject(error);
  entry.pending.clear();
  void entry.worker.terminate();
}

function startWorker(): PoolWorker {
  modulePath ??= createRequire(import.meta.url).resolve('ssim.js');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath } });
  const entry: PoolWorker = { worker, pending: new Map() };
  worker.on('message', ({ id, value, error }: { id: number; value?: number; error?: string }) => {
    const call = entry.pending.get(id);
    if (!call) return;
    entry.pending.delete(id);
    if (error !== undefined) call.reject(new Error(`SSIM: ${error}`));
    else call.resolve(value as number);
    if (entry.pending.size === 0) idle(entry);
  });
  worker.once('error', (error) => drop(entry, error));
  worker.once('exit', (code) => drop(entry, new Error(`SSIM worker exited (${code})`)));
  pool.push(entry);
  return entry;
}

function idle(entry: PoolWorker): void {
  // Idle, a worker keeps neither the process alive nor its memory for long.
  entry.worker.unref();
  entry.idleTimer = setTimeout(() => drop(entry, new Error('SSIM worker ended')), IDLE_MS);
  entry.idleTimer.unref();
}

/** The least busy worker, a new one while the pool is not full and every worker is busy. */
function pick(): PoolWorker {
  const free = pool.find((entry) => entry.pending.size === 0);
  if (free) return free;
  if (pool.length < poolSize()) return startWorker();
  return pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
}

/** The mean SSIM of `b` against `a` (same size), computed by ssim.js in a worker thread. */
export function ssimInWorker(a: RgbaImage, b: RgbaImage, options: SsimOptions): Promise<number> {
  const entry = pick();
  clearTimeout(entry.idleTimer);
  entry.worker.ref();
  const id = nextId++;
  return new Promise<number>((resolve, reject) => {
    entry.pending.set(id, { resolve, reject });
    // Copies (not transfers): the search compares one reference with several candidates.
    entry.worker.postMessage({ id, a, b, options });
  });
}
