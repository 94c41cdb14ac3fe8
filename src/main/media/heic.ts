// HEIC/HEIF, the iPhone's photo format: sharp's prebuilt libvips has no HEVC decoder, so libheif
// compiled to WebAssembly (heic-decode over libheif-js) decodes the pixels, and sharp then resizes
// and encodes them like any other photo. libheif applies the container's rotation and mirroring
// (irot/imir) while decoding, so the pixels come out upright; their EXIF orientation repeats that
// turn and must not be applied again, which it cannot be: raw pixels carry no EXIF.
//
// The WASM decode is synchronous CPU work (seconds for a 12 MP photo on a slow core), so it runs in
// a worker thread, one photo at a time: the event loop stays free and at most one decoded photo
// (4 bytes a pixel, plus libheif's own buffers) is held at once.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { IntakeErrorCode, MessageDetail } from './intake-messages';

/** Decoded HEIC pixels, as sharp's `raw` input option takes them. */
export interface HeicPixels {
  ok: true;
  data: Buffer;
  raw: { width: number; height: number; channels: 4 };
}

export type HeicDecoded = HeicPixels | { ok: false; code: IntakeErrorCode; detail: MessageDetail };

/** What the worker posts back. */
type WorkerAnswer =
  | { kind: 'pixels'; width: number; height: number; data: Uint8ClampedArray }
  | { kind: 'too-large'; width: number; height: number }
  | { kind: 'failed'; message: string };

// CommonJS run with `eval: true`: one source file serves the bundled main process and the tests,
// with no second bundle entry. heic-decode is required by the absolute path main resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
parentPort.on('message', async ({ bytes, maxPixels }) => {
  let images;
  try {
    images = await decode.all({ buffer: bytes });
    // heic-decode's main image; its size is the declared one, known before any pixel is decoded.
    const image = images[0];
    if (image.width * image.height > maxPixels) {
      parentPort.postMessage({ kind: 'too-large', width: image.width, height: image.height });
      return;
    }
    const { width, height, data } = await image.decode();
    parentPort.postMessage({ kind: 'pixels', width, height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', message: String((error && error.message) || error) });
  } finally {
    if (images) images.dispose();
  }
});
`;

// Starting the worker (loading and compiling libheif's WASM) costs several times a small photo's
// decode, so one worker serves a batch; it ends once idle for this long, and WASM memory, which
// never shrinks while the worker lives, goes with it.
const IDLE_MS = 20_000;

let modulePath: string | undefined;
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** True for the labels sniff.ts gives HEIC and HEIF files. */
export function isHeicLabel(label: string): boolean {
  return label === 'HEIC' || label === 'HEIF';
}

function startWorker(): Worker {
  modulePath ??= createRequire(import.meta.url).resolve('heic-decode');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath } });
  started.once('exit', () => {
    if (worker === started) worker = undefined;
  });
  return started;
}

/** One decode on the (started if needed) worker; never rejects. */
function runWorker(bytes: Uint8Array, maxPixels: number): Promise<WorkerAnswer> {
  clearTimeout(idleTimer);
  const current = (worker ??= startWorker());
  current.ref();
  return new Promise<WorkerAnswer>((resolve) => {
    const done = (answer: WorkerAnswer) => {
      current.off('message', done);
      current.off('error', failed);
      current.off('exit', exited);
      resolve(answer);
    };
    const failed = (error: Error) => {
      // A worker that threw outside a decode (e.g. out of memory) is not used again.
      if (worker === current) worker = undefined;
      void current.terminate();
      done({ kind: 'failed', message: error.message });
    };
    const exited = (code: number) => done({ kind: 'failed', message: `decoder exited (${code})` });
    current.on('message', done);
    current.once('error', failed);
    current.once('exit', exited);
    current.postMessage({ bytes, maxPixels });
  }).finally(() => {
    // Idle, the worker keeps neither the process alive nor its memory for long.
    current.unref();
    idleTimer = setTimeout(() => void current.terminate(), IDLE_MS);
    idleTimer.unref();
  });
}

/** Decodes a HEIC/HEIF photo's main image to upright RGBA pixels, refusing one declaring more than `maxPixels`. */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicDecoded> {
  const turn = queue.then(() => runWorker(bytes, maxPixels));
  queue = turn.catch(() => undefined);
  const answer = await turn;
  if (answer.kind === 'too-large') {
    return {
      ok: false,
      code: 'too-large',
      detail: { width: answer.width, height: answer.height, maxPixels },
    };
  }
  if (answer.kind === 'failed') return { ok: false, code: 'damaged', detail: { reason: answer.message } };
  const { width, height, data } = answer;
  return {
    ok: true,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    raw: { width, height, channels: 4 },
  };
}
