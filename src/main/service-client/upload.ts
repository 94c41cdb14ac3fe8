// The upload of a file to its pre-signed URL: a streamed PUT straight from disk (never buffered
// whole), with Content-Length, Content-Type and byte progress. got's retries stay off: with a stream
// body a failed attempt can end silently, so repeats happen here, each with the file opened anew
// (a PUT of the same bytes to the same URL is idempotent).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Delays, Got } from 'got';
import { toServiceError } from './errors';
import { errorFromResponse } from './response-errors';
import { isSuccess } from './responses';
import { withRetries } from './retry';
import type { RetryEnv } from './retry';

/** Options of one upload. */
export interface UploadOptions {
  /** The file's media type, e.g. image/png (the one the ticket was created for). */
  contentType: string;
  /** Called as bytes go out; `total` is the file size. Starts again from 0 on a repeat. */
  onProgress?: (sent: number, total: number) => void;
  /** Cancels the upload (problem 'aborted'). */
  signal?: AbortSignal;
}

/** Outcome of an upload. */
export interface UploadResult {
  /** Bytes sent (the file size). */
  bytes: number;
}

/** What an upload needs from the client. */
export interface UploadContext {
  /** A got instance without retries whose timeouts measure idleness, not the whole transfer. */
  got: Got;
  retryEnv: RetryEnv;
  now: () => number;
  timeoutMs: number;
}

/** PUTs the file at `filePath` to `signedPutUrl`; a 403 is 'ticket-expired' (a new ticket is needed). */
export async function uploadFile(
  ctx: UploadContext,
  signedPutUrl: string,
  filePath: string,
  options: UploadOptions,
): Promise<UploadResult> {
  const fail = (error: unknown) =>
    toServiceError(error, 'uploadFile', { url: signedPutUrl, timeoutMs: ctx.timeoutMs });
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch (error) {
    throw fail(error);
  }
  const { onProgress, signal } = options;
  return withRetries('uploadFile', { ...ctx.retryEnv, signal }, async () => {
    const body = createReadStream(filePath);
    try {
      const request = ctx.got.put(signedPutUrl, {
        body,
        headers: { 'content-type': options.contentType, 'content-length': String(size) },
        signal,
        responseType: 'text',
      });
      if (onProgress) request.on('uploadProgress', (progress) => onProgress(progress.transferred, size));
      const response = await request;
      const raw = { status: response.statusCode, headers: response.headers, body: response.body };
      if (!isSuccess(raw.status)) throw errorFromResponse('uploadFile', raw, ctx.now());
      return { bytes: size };
    } catch (error) {
      throw fail(error);
    } finally {
      body.destroy();
    }
  });
}

/** got timeouts for transfers of any length: each phase and each idle stretch is limited, not the total. */
export function idleTimeouts(timeoutMs: number): Partial<Delays> {
  return {
    lookup: timeoutMs,
    connect: timeoutMs,
    secureConnect: timeoutMs,
    socket: timeoutMs,
    response: timeoutMs,
  };
}
