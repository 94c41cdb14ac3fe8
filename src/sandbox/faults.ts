// Injected failures, per route: a status code, a connection reset or a delay, fired either for the
// next N matching requests (a script) or at a rate drawn from the seeded PRNG.
import { isRouteKey } from './route-keys';
import type { RouteKey } from './route-keys';

interface FaultBase {
  /** The route to disturb, or '*' for every request. */
  route: RouteKey | '*';
  /** Probability (0..1) that a matching request is hit; default 1. */
  rate?: number;
  /** Fire at most this many times, then drop the rule; default unlimited. */
  times?: number;
}

/** Reply with `status` instead of (before) or after running the real handler. */
export interface StatusFault extends FaultBase {
  kind: 'status';
  status: number;
  /** 'after' runs the handler first, so the change happened but the client sees the failure. */
  when?: 'before' | 'after';
  /** `Retry-After` seconds sent with 429 and 503; default 1. */
  retryAfterSeconds?: number;
  /** Body: the JSON error object, an HTML proxy page, or nothing. Default html for 502/504, else json. */
  body?: 'json' | 'html' | 'empty';
}

/** Destroy the connection without a response, before or after the handler ran. */
export interface ResetFault extends FaultBase {
  kind: 'reset';
  when?: 'before' | 'after';
}

/** Hold the request for `ms` before handling it (e.g. past the client's timeout). */
export interface DelayFault extends FaultBase {
  kind: 'delay';
  ms: number;
}

/** One injected-failure rule. */
export type FaultRule = StatusFault | ResetFault | DelayFault;

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

/** The live set of fault rules of one sandbox; the first rule that fires for a request wins. */
export class FaultSet {
  private active: ActiveRule[] = [];

  constructor(private readonly random: () => number) {}

  /** Adds a rule (checked first) and returns a function that removes it. */
  add(rule: FaultRule): () => void {
    const entry = { rule: checkRule(rule), remaining: rule.times ?? Infinity };
    this.active.push(entry);
    return () => {
      this.active = this.active.filter((e) => e !== entry);
    };
  }

  /** Removes every rule. */
  clear(): void {
    this.active = [];
  }

  /** The rules still active, with the number of firings left in `times`. */
  list(): FaultRule[] {
    return this.active.map(({ rule, remaining }) =>
      remaining === Infinity ? { ...rule } : { ...rule, times: remaining },
    );
  }

  /** Picks the rule to apply to one request of `routeKey`, consuming one of its `times`. */
  pick(routeKey: string): FaultRule | undefined {
    if (this.active.length === 0) return undefined;
    for (const entry of this.active) {
      const { rule } = entry;
      if (rule.route !== '*' && rule.route !== routeKey) continue;
      if (rule.rate !== undefined && this.random() >= rule.rate) continue;
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.active = this.active.filter((e) => e !== entry);
      return rule;
    }
    return undefined;
  }
}

function checkRule(rule: FaultRule): FaultRule {
  const bad = (why: string): never => {
    throw new Error(`Invalid fault rule ${JSON.stringify(rule)}: ${why}`);
  };
  if (rule.route !== '*' && !isRouteKey(rule.route)) bad('unknown route');
  if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1)) bad('rate must be within 0..1');
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times > 0)) bad('times must be > 0');
  if (rule.kind === 'status') {
    if (!(Number.isInteger(rule.status) && rule.status >= 400 && rule.status <= 599)) bad('status 400..599');
  } else if (rule.kind === 'delay') {
    if (!(Number.isFinite(rule.ms) && rule.ms >= 0)) bad('ms must be >= 0');
  } else if (rule.kind !== 'reset') {
    bad('kind must be status, reset or delay');
  }
  return { ...rule };
}

/** Help text of the --fault syntax (shown by --help). */
export const FAULT_SYNTAX = `--fault 'ROUTE:ACTION[:OPTION]...'   (repeatable)
    ROUTE   a route key such as 'POST /v1/listings', 'PUT /storage/:ticket', or '*' for all
    ACTION  a status (429, 500, 502, 503, ...), 'reset', or 'delay=MS'
    OPTION  rate=0..1      fire with this probability (seeded by --seed)
            times=N        fire for the next N matching requests only
            after          run the handler first, then fail (status or reset)
            retry-after=S  Retry-After seconds for 429/503 (default 1)
            body=json|html|empty
  e.g. --fault 'POST /v1/listings:503:times=2' --fault '*:reset:rate=0.1'
       --fault 'PUT /storage/:ticket:delay=5000' --fault 'POST /v1/listings:reset:after:times=1'`;

/** Parses one --fault value (see FAULT_SYNTAX). */
export function parseFaultSpec(spec: string): FaultRule {
  // Route patterns contain ':' after '/', so only a ':' not preceded by '/' separates parts.
  const [route = '', action = '', ...options] = spec.split(/(?<!\/):/);
  const fail = (why: string): never => {
    throw new Error(`Invalid --fault '${spec}': ${why}`);
  };
  if (route !== '*' && !isRouteKey(route)) fail(`unknown route '${route}'`);
  const base: FaultBase = { route: route as RouteKey | '*' };
  let when: 'before' | 'after' | undefined;
  let retryAfterSeconds: number | undefined;
  let body: StatusFault['body'];
  for (const option of options) {
    const [name, value = ''] = option.split('=');
    const num = Number(value);
    if (name === 'rate') base.rate = num;
    else if (name === 'times') base.times = num;
    else if (name === 'after' && value === '') when = 'after';
    else if (name === 'retry-after') retryAfterSeconds = num;
    else if (name === 'body' && (value === 'json' || value === 'html' || value === 'empty')) body = value;
    else fail(`unknown option '${option}'`);
  }
  let rule: FaultRule;
  if (/^\d{3}$/.test(action)) {
    rule = { ...base, kind: 'status', status: Number(action), when, retryAfterSeconds, body };
  } else if (action === 'reset') {
    rule = { ...base, kind: 'reset', when };
  } else if (action.startsWith('delay=')) {
    rule = { ...base, kind: 'delay', ms: Number(action.slice('delay='.length)) };
  } else {
    return fail(`unknown action '${action}'`);
  }
  return checkRule(dropUndefined(rule));
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
