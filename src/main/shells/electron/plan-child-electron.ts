// The plan's own process started as Electron's utility process (issue 35.8; feeds/plan-child.ts):
// the packaged app on every system, window or command line. Electron's main process cannot be given
// V8 flags on Windows and macOS; a utility process gets them as its execArgv. The child's code is
// out/main/plan-child.js (electron.vite.config.ts), read from app.asar like the rest of the app:
// Electron's asar support covers a utility process's modules. Tested in test/electron.
import path from 'node:path';
import { app, utilityProcess } from 'electron';
import { PLAN_CHILD_FLAGS } from '../../../../scripts/lib/heap-flags.mjs';
import type { Log } from '../../log/log';
import { childEnv, planChildOf, type ChildHandle, type PlanChild } from '../../feeds/plan-child';

/** Starts the child once Electron is ready (a command line may plan before). */
async function startUtility(entry: string): Promise<ChildHandle> {
  await app.whenReady();
  const child = utilityProcess.fork(entry, [], {
    execArgv: [...PLAN_CHILD_FLAGS],
    env: childEnv(),
    serviceName: 'Listing Desk feed plan',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let fatal: string | undefined;
  child.on('error', (type, location) => {
    fatal = `${type} ${location}`;
  });
  return {
    get pid() {
      return child.pid;
    },
    stderr: child.stderr,
    send: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', listener),
    // Electron reports the exit code only; a V8 fatal error (out of memory) came as 'error' before.
    onExit: (listener) =>
      void child.once('exit', (code) =>
        listener({ code, signal: null, ...(fatal !== undefined && { fatal }) }),
      ),
    onError: () => {},
    kill: () => void child.kill(),
  };
}

/** The port with Electron's utility process; `here`: the folder of the shell's built entry (out/main). */
export function electronPlanChild(here: string, log: Log): PlanChild {
  const entry = path.join(here, 'plan-child.js');
  return planChildOf(() => startUtility(entry), log);
}
