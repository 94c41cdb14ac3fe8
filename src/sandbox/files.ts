// Bytes of uploads and attached media on disk: under the data dir when persisting, else in a
// per-instance temporary dir removed on close. Uploads are streamed, never buffered whole.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { syncFolder } from './persistence';

/** Thrown when an upload exceeds the storage's own size cap. */
export class UploadTooLargeError extends Error {}

/** The sandbox's file store. */
export class FileStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  /** Opens the store in `dataDir`, or in a fresh temporary dir when there is none. */
  static async open(dataDir: string | undefined): Promise<FileStore> {
    const root = dataDir ?? (await mkdtemp(join(tmpdir(), 'listing-desk-sandbox-')));
    await mkdir(join(root, 'uploads'), { recursive: true });
    await mkdir(join(root, 'media'), { recursive: true });
    return new FileStore(root, dataDir === undefined);
  }

  /** Path of the bytes of an attached medium. */
  mediaPath(mediaUuid: string): string {
    return join(this.root, 'media', mediaUuid);
  }

  private uploadPath(ticketUuid: string): string {
    return join(this.root, 'uploads', ticketUuid);
  }

  /**
   * Streams `body` into the upload of `ticketUuid` and returns its size. The file only replaces a
   * previous upload once complete; `commit` runs just before, and may refuse (e.g. ticket used meanwhile).
   */
  async writeUpload(
    ticketUuid: string,
    body: Readable,
    maxBytes: number,
    commit: () => boolean,
  ): Promise<number> {
    const temp = `${this.uploadPath(ticketUuid)}.${randomBytes(6).toString('hex')}.part`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new UploadTooLargeError(`upload larger than ${maxBytes} bytes`));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(temp));
      // Synced before it is renamed into place: after a power cut the upload is whole or absent.
      const handle = await open(temp, 'r+');
      await handle.sync().finally(() => handle.close());
      if (!commit()) {
        await rm(temp, { force: true });
        return -1;
      }
      await rename(temp, this.uploadPath(ticketUuid));
      await syncFolder(join(this.root, 'uploads'));
      return size;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Moves an upload to the media of `mediaUuid`; returns its size. */
  async promote(ticketUuid: string, mediaUuid: string): Promise<number> {
    const target = this.mediaPath(mediaUuid);
    await rename(this.uploadPath(ticketUuid), target);
    await syncFolder(join(this.root, 'media'));
    await syncFolder(join(this.root, 'uploads'));
    return (await stat(target)).size;
  }

  /** Deletes the bytes of an attached medium (missing files are fine). */
  async removeMedia(mediaUuid: string): Promise<void> {
    await rm(this.mediaPath(mediaUuid), { force: true });
  }

  /** Deletes the upload of a ticket (missing files are fine). */
  async removeUpload(ticketUuid: string): Promise<void> {
    await rm(this.uploadPath(ticketUuid), { force: true });
  }

  /** Removes the temporary dir (in-memory mode only); persisted files stay. */
  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
