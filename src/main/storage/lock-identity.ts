// Who holds a data folder, told apart well enough to judge whether that holder still runs (issue
// 23.6). A pid alone says nothing after a reboot (the pid now belongs to another program), for a
// zombie (killed, not yet reaped: signal 0 still reaches it) or for a process on another computer
// that opened the folder on a network share. So a holder is recorded with its computer, the boot
// it ran in, its pid namespace and the kernel's start time of its process; what cannot be judged
// from here (another computer, another container) is judged by the lock's heartbeat instead.
import { readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/** Where and as what a process runs: enough to find it again, or to know it is gone. */
export interface ProcessIdentity {
  pid: number;
  /** The computer's name (os.hostname()). */
  computer: string;
  /** /etc/machine-id where there is one: two computers may share a name, never this. */
  machineId?: string;
  /** Linux: the kernel's boot id; elsewhere `time:<ms>`, when the system booted. */
  boot: string;
  /** Linux: the pid namespace (`pid:[…]`); pids of another one cannot be looked up from here. */
  pidNamespace?: string;
  /** Linux: the process's start in clock ticks since boot; a reused pid has another. */
  processStart?: string;
}

/** What can be said of a recorded holder from this process. */
export type HolderVerdict = 'live' | 'dead' | 'heartbeat';

function readTrimmed(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The kernel's view of a process: its state letter and start time, or undefined where none. */
export function procStat(pid: number | 'self'): { state: string; start: string } | undefined {
  const text = readTrimmed(`/proc/${pid}/stat`);
  if (!text) return undefined;
  // The name in parentheses may hold spaces and parentheses itself: the fields follow the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Field 3 is the state, field 22 the start time (proc(5)); `fields` starts at field 3.
  const state = fields[0];
  const start = fields[19];
  return state && start ? { state, start } : undefined;
}

/** This boot: the kernel's boot id, or where there is none when the system booted. */
export function currentBoot(): string {
  const id = readTrimmed('/proc/sys/kernel/random/boot_id');
  if (id) return id;
  return `time:${Math.round(Date.now() - os.uptime() * 1000)}`;
}

// Boot times computed from the uptime drift by the clock's adjustments; a minute apart is still the
// same boot (a reboot in which a lock was also taken within its first minute is not told apart).
const BOOT_TIME_SLACK_MS = 60_000;

function sameBoot(a: string, b: string): boolean {
  if (a.startsWith('time:') && b.startsWith('time:'))
    return Math.abs(Number(a.slice(5)) - Number(b.slice(5))) <= BOOT_TIME_SLACK_MS;
  return a === b;
}

function namespaceOf(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** This process as a lock records it; `boot` may be given (tests simulate a reboot with it). */
export function thisProcess(overrides: { boot?: string } = {}): ProcessIdentity {
  const machineId = readTrimmed('/etc/machine-id') ?? readTrimmed('/var/lib/dbus/machine-id');
  const pidNamespace = namespaceOf();
  const processStart = procStat('self')?.start;
  return {
    pid: process.pid,
    computer: os.hostname(),
    ...(machineId && { machineId }),
    boot: overrides.boot ?? currentBoot(),
    ...(pidNamespace && { pidNamespace }),
    ...(processStart && { processStart }),
  };
}

/** True when a process with this pid exists (EPERM: it exists, as another user). */
function pidExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the same computer: the same name and, where both are known, the same machine id. */
export function sameComputer(holder: ProcessIdentity, me: ProcessIdentity): boolean {
  if (holder.computer !== me.computer) return false;
  return !holder.machineId || !me.machineId || holder.machineId === me.machineId;
}

/**
 * Judges a recorded holder from this process: 'live' or 'dead' where its process can be looked at
 * (this computer, this boot, this pid namespace), else 'heartbeat' (another computer or container:
 * only the lock's heartbeat tells).
 */
export function judgeHolder(holder: ProcessIdentity, me: ProcessIdentity): HolderVerdict {
  if (!sameComputer(holder, me)) return 'heartbeat';
  // The boot it ran in is over: whatever runs under its pid now is another program.
  if (!sameBoot(holder.boot, me.boot)) return 'dead';
  if (holder.pidNamespace && me.pidNamespace && holder.pidNamespace !== me.pidNamespace) return 'heartbeat';
  if (!pidExists(holder.pid)) return 'dead';
  const stat = procStat(holder.pid);
  // No /proc (macOS, Windows) or not ours to read: the pid runs in this boot, all that can be told.
  if (!stat) return pidExists(holder.pid) ? 'live' : 'dead';
  // Z: killed but not reaped; X: dead, being removed. Neither writes anything again.
  if (stat.state === 'Z' || stat.state === 'X') return 'dead';
  if (holder.processStart && stat.start !== holder.processStart) return 'dead';
  return 'live';
}
