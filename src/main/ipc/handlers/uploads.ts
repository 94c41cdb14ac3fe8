import type { PhotoUploads } from '../../uploads/photo-uploads';
import type { Handlers } from '../router';

type UploadChannels = 'uploads:begin' | 'uploads:append' | 'uploads:cancel';

/** Handlers of the `uploads:` channels: a big photo's bytes in pieces (web shell). */
export function uploadsHandlers(uploads: PhotoUploads): Pick<Handlers, UploadChannels> {
  return {
    'uploads:begin': ({ size }) => uploads.begin(size),
    'uploads:append': ({ uploadId, offset, base64 }) =>
      uploads.append(uploadId, offset, Buffer.from(base64, 'base64')),
    'uploads:cancel': ({ uploadId }) => uploads.cancel(uploadId),
  };
}

/** A photo-bytes call's bytes: its one piece, null (too large to send), or its assembled upload. */
export async function photoBytesOf(
  uploads: PhotoUploads,
  input: { base64?: string | null; uploadId?: string },
): Promise<Buffer | null> {
  if (input.uploadId !== undefined) return uploads.take(input.uploadId);
  return input.base64 == null ? null : Buffer.from(input.base64, 'base64');
}
