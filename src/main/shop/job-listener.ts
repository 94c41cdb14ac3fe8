// One connection that LISTENs to the shop's queue (JOBS_CHANNEL): a desk hears at once of a new
// job, a new runner, a new state or a lease given back. A lost connection is opened again at
// growing pauses, and at once when the session says the link is back.
import type pg from 'pg';
import { JOBS_CHANNEL } from './migrations';

export interface JobListener {
  /** Opens the connection now if it is not open (the link is back). */
  wake(): void;
  close(): void;
}

/** Listens on `pool`; `heard` runs on every notification and each time the connection opens. */
export function listenToJobs(
  pool: Pick<pg.Pool, 'connect'>,
  heard: () => void,
  log: { warn(message: string): void },
): JobListener {
  let client: pg.PoolClient | null = null;
  let timer: NodeJS.Timeout | undefined;
  let pauseMs = 1_000;
  let closed = false;
  let opening = false;

  const again = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void open(), pauseMs);
    timer.unref();
    pauseMs = Math.min(pauseMs * 2, 30_000);
  };
  const open = async (): Promise<void> => {
    clearTimeout(timer);
    if (closed || client || opening) return;
    opening = true;
    try {
      const connection = await pool.connect();
      connection.on('notification', (message) => {
        if (message.channel === JOBS_CHANNEL) heard();
      });
      connection.on('error', () => {
        if (client === connection) client = null;
        connection.release(true);
        again();
      });
      await connection.query(`listen ${JOBS_CHANNEL}`);
      if (closed) {
        connection.release();
        return;
      }
      client = connection;
      pauseMs = 1_000;
      // What changed while nobody listened is read now.
      heard();
    } catch (error) {
      log.warn(`Shop: cannot listen to the publish queue now (${String(error)})`);
      again();
    } finally {
      opening = false;
    }
  };
  void open();
  return {
    wake: () => void open(),
    close() {
      closed = true;
      clearTimeout(timer);
      client?.release();
      client = null;
    },
  };
}
