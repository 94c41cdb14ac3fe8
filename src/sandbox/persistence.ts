// Persistence of the state to `<dataDir>/state.json`: atomic, durable writes (temporary file, sync,
// rename, sync the folder), debounced after changes, flushed on close. A file that does not parse is
// moved aside, never reset.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PersistedState } from './model';

const STATE_FILE = 'state.json';
const DEBOUNCE_MS = 50;

/** Reads `<dir>/state.json`; a missing file gives null, an unreadable one is moved aside (and reported). */
export async function loadState(
  dir: string,
  warn: (message: string) => void,
): Promise<PersistedState | null> {
  const file = join(dir, STATE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const state = JSON.parse(text) as PersistedState;
    if (state.version !== 1) throw new Error(`unknown version ${String(state.version)}`);
    return state;
  } catch (error) {
    const aside = `${file}.unreadable-${Date.now()}`;
    await rename(file, aside);
    await syncFolder(dir);
    warn(`sandbox: ${file} could not be read (${String(error)}); moved to ${aside}, starting empty`);
    return null;
  }
}

/** Debounced, serialized writer of the state file. */
export class StateWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly dir: string,
    private readonly snapshot: () => PersistedState,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Schedules a write soon; many changes in a burst cost one write. */
  markDirty(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(this.onError);
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Writes now if anything changed, after any write in progress. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const run = this.writing.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      try {
        await writeDurably(join(this.dir, STATE_FILE), JSON.stringify(this.snapshot()));
      } catch (error) {
        // Not written: the next change (or close) tries again with everything.
        this.dirty = true;
        throw error;
      }
    });
    this.writing = run.catch(() => {});
    await run;
  }
}

/** Makes a folder's new or renamed entries survive a power cut (where the system can sync folders). */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  try {
    await handle?.sync();
  } catch (error) {
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes((error as NodeJS.ErrnoException).code ?? ''))
      throw error;
  } finally {
    await handle?.close();
  }
}

/** Writes `file` whole: temporary file, synced, renamed over it, folder synced; no temp left on failure. */
export async function writeDurably(file: string, data: string): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    await syncFolder(dirname(file));
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const errno = error as NodeJS.ErrnoException;
    if (errno.path === undefined) errno.path = temp;
    throw error;
  }
}
