// The object storage behind `signedPutUrl` (PUT of the file bytes, streamed to disk) and the media
// host behind the listing URLs (GET `<prefix>/<media_uuid>`, no authentication, like a CDN).
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { SandboxContext } from '../context';
import { UploadTooLargeError } from '../files';
import { defineRoute, param } from './common';

/** Largest upload the storage takes at all; the listing service's own limit (413) is checked at attach. */
const STORAGE_MAX_BYTES = 2 * 1024 ** 3;

/** Registers the storage and media routes (no prefix, no authentication). */
export function storageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // Any Content-Type is accepted and the body is left as a stream for the handler to pipe to disk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // Errors are short XML documents, as an S3-style object store sends them.
  defineRoute(app, 'PUT /storage/:ticket', async (request, reply) => {
    const ticketUuid = param(request, 'ticket');
    const query = request.query as Record<string, unknown>;
    const expires = typeof query.expires === 'string' ? query.expires : '';
    const sig = typeof query.sig === 'string' ? query.sig : '';
    if (!ctx.signer.verify('PUT', `/storage/${ticketUuid}`, expires, sig)) {
      return storageError(reply, 403, 'SignatureDoesNotMatch', 'The request signature does not match.');
    }
    const ticket = ctx.store.tickets.get(ticketUuid);
    const usable = () => ticket !== undefined && !ticket.used && Date.now() < ticket.expireAt;
    if (Number(expires) * 1000 <= Date.now() || !usable()) {
      return storageError(
        reply,
        403,
        'AccessDenied',
        'Request has expired or the upload is no longer allowed.',
      );
    }
    const body = (request.body as Readable | undefined) ?? request.raw;
    let size: number;
    try {
      size = await ctx.files.writeUpload(ticketUuid, body, STORAGE_MAX_BYTES, usable);
    } catch (error) {
      if (error instanceof UploadTooLargeError) {
        return storageError(
          reply,
          400,
          'EntityTooLarge',
          'Your proposed upload exceeds the maximum allowed size.',
        );
      }
      throw error;
    }
    if (size < 0 || !ticket) {
      return storageError(
        reply,
        403,
        'AccessDenied',
        'Request has expired or the upload is no longer allowed.',
      );
    }
    // A new PUT on an unused ticket replaces the previous file.
    ticket.upload = { size };
    ctx.store.onChange();
    return reply.code(200).send();
  });

  defineRoute(app, 'GET /media/:mediaUuid', async (request, reply) => {
    const media = ctx.store.media.get(param(request, 'mediaUuid'));
    if (!media) return storageError(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
    return reply
      .code(200)
      .headers({
        'content-type': media.contentType,
        'content-length': String(media.size),
        'cache-control': 'public, max-age=31536000, immutable',
      })
      .send(createReadStream(ctx.files.mediaPath(media.uuid)));
  });
}

function storageError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`;
  return reply.code(status).type('application/xml').send(xml);
}
