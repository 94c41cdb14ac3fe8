// A kill of the engine inside the test process: the engine's service client is wrapped so that, at
// a chosen call, the engine hears nothing more, ever. 'before': that call never leaves (the kill
// landed at a step boundary). 'in-flight': it leaves and the service does the work, but the answer
// never comes back (the kill landed while the request was out). The frozen engine then never writes
// again (every write of a job follows an answer), as after a kill -9; a new engine opened on the same
// data folder finds what a restarted app would find.
import type { ServiceClient } from '../../../src/main/service-client';

export type KillMode = 'before' | 'in-flight';

/** Where to kill: the `at`-th call of the client (0-based), optionally only calls of `operation`. */
export interface KillPlan {
  at: number;
  mode: KillMode;
  operation?: keyof ServiceClient;
}

export interface Killable {
  client: ServiceClient;
  /** Resolves with the operation the kill landed on. */
  killed: Promise<string>;
  /** Calls made so far (of `operation` when the plan names one). */
  calls(): number;
}

const never = new Promise<never>(() => undefined);

/** Wraps `client` to die as `plan` says. */
export function killable(client: ServiceClient, plan: KillPlan): Killable {
  let count = 0;
  let dead = false;
  let onKilled!: (operation: string) => void;
  const killed = new Promise<string>((resolve) => (onKilled = resolve));
  const wrapped = new Proxy(client, {
    get(target, property: keyof ServiceClient) {
      const method = target[property] as unknown;
      if (typeof method !== 'function') return method;
      return (...args: unknown[]) => {
        if (dead) return never;
        const counted = plan.operation === undefined || plan.operation === property;
        if (!counted || count++ !== plan.at) {
          return (method as (...a: unknown[]) => unknown).apply(target, args);
        }
        dead = true;
        onKilled(String(property));
        if (plan.mode === 'in-flight') {
          void Promise.resolve((method as (...a: unknown[]) => Promise<unknown>).apply(target, args)).catch(
            () => undefined,
          );
        }
        return never;
      };
    },
  });
  return { client: wrapped, killed, calls: () => count };
}
