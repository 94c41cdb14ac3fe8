// The log file, rotated by size: `name` grows to `maxBytes`, then becomes `name.1` (the older ones
// move up to `name.<keep>`, the oldest is dropped). Writes are synchronous on purpose: the line
// written just before a crash or a `process.exit` is on disk, and there is no worker thread (pino's
// transports run in one, which needs resolvable files beside Electron's bundled main).
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export interface RotatingFileOptions {
  file: string;
  /** Size at which the file is rotated. */
  maxBytes: number;
  /** How many rotated files are kept besides the current one. */
  keep: number;
  /** Told once when writing fails (a full disk); writing is tried again with the next line. */
  onFailure?: (error: unknown) => void;
}

/** A size-rotated append-only file (see the top of this file). */
export class RotatingFile {
  private fd: number | undefined;
  private size = 0;
  private failing = false;

  constructor(private readonly options: RotatingFileOptions) {}

  /** Appends `text`, rotating first when it would pass the size limit; never throws. */
  write(text: string): void {
    try {
      const bytes = Buffer.byteLength(text);
      this.open();
      if (this.size > 0 && this.size + bytes > this.options.maxBytes) this.rotate();
      writeSync(this.open(), text);
      this.size += bytes;
      this.failing = false;
    } catch (error) {
      this.closeQuietly();
      if (!this.failing) this.options.onFailure?.(error);
      this.failing = true;
    }
  }

  /** Closes the file; a later write opens it again. */
  close(): void {
    this.closeQuietly();
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    mkdirSync(path.dirname(this.options.file), { recursive: true });
    this.fd = openSync(this.options.file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
    return this.fd;
  }

  private rotate(): void {
    const { file, keep } = this.options;
    this.closeQuietly();
    rmSync(`${file}.${keep}`, { force: true });
    for (let n = keep - 1; n >= 1; n -= 1) {
      if (existsSync(`${file}.${n}`)) renameSync(`${file}.${n}`, `${file}.${n + 1}`);
    }
    if (keep > 0) renameSync(file, `${file}.1`);
    else rmSync(file, { force: true });
    this.open();
  }

  private closeQuietly(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already gone; nothing to keep.
    }
    this.fd = undefined;
  }
}
