// The plan's own process started with Node's child_process.fork (plan-child.ts): the web shell, the
// command line run by Node, the tests and the benchmark. Started with the heap flags the Linux
// launchers give the app (scripts/lib/heap-flags.mjs), an IPC channel in structured-clone form,
// and an environment of the few names Node needs: nothing of the app's own reaches it.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAN_CHILD_FLAGS } from '../../../scripts/lib/heap-flags.mjs';
import type { Log } from '../log/log';
import { childEnv, planChildOf, type ChildHandle, type PlanChild } from './plan-child';

/**
 * The child's entry and the flags its code needs: the built `plan-child.js` beside the shells'
 * entries (electron.vite.config.ts), or the source file under tsx where the app runs from source.
 */
export function planChildEntry(): { entry: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts'))
    return { entry: path.join(path.dirname(here), 'plan-child-entry.ts'), execArgv: ['--import', 'tsx'] };
  // Bundled: this code is in out/main/<entry>.js or a chunk below it.
  for (let dir = path.dirname(here), up = 0; up < 3; dir = path.dirname(dir), up += 1) {
    const entry = path.join(dir, 'plan-child.js');
    if (existsSync(entry)) return { entry, execArgv: [] };
  }
  throw new Error(`plan-child.js is not beside ${here}`);
}

/** Starts a child with fork. */
export function forkChild(entry: string, execArgv: readonly string[]): ChildHandle {
  const child = fork(entry, [], {
    execArgv: [...PLAN_CHILD_FLAGS, ...execArgv],
    env: childEnv(),
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  return {
    pid: child.pid,
    stderr: child.stderr,
    send: (message) => void child.send(message),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      let told = false;
      const tell = (end: { code: number | null; signal: string | null }) => {
        if (!told) listener(end);
        told = true;
      };
      child.once('exit', (code, signal) => tell({ code, signal }));
      // A process that never started has no exit to wait for.
      child.once('error', () => {
        if (child.pid === undefined) tell({ code: null, signal: null });
      });
    },
    onError: (listener) => void child.on('error', listener),
    kill: () => void child.kill('SIGTERM'),
  };
}

/** The port with Node's fork (`entry`: where the child's code is; default `planChildEntry()`). */
export function nodePlanChild(
  log: Log,
  options: { entry?: { entry: string; execArgv: string[] }; minBytes?: number } = {},
): PlanChild {
  // Found at the first plan, not at the app's start: a missing file fails that plan in plain words.
  let found = options.entry;
  return planChildOf(
    () => {
      found ??= planChildEntry();
      return forkChild(found.entry, found.execArgv);
    },
    log,
    options.minBytes,
  );
}
