// The pace of one account (issue 36.2): every call to the listings service goes through it, so that a
// limit the service signals slows the whole account, not just the call that met it. Writes (POST,
// PUT, DELETE) and reads (GET) are two lanes:
// - a 429 pauses its lane for its Retry-After (seconds or an HTTP date); a 503 with Retry-After
//   pauses both; a 503 without one is left to the call's own repeats (retry.ts);
// - a 429 without Retry-After pauses its lane for a backoff, during which one probe call at most
//   goes out (it ends the pause when it passes); with a Retry-After nothing goes out before it;
//   a Retry-After of 0 (or a date past) asks for no wait, and is left to the call's repeats;
// - each limit halves the lane's rate (calls per second, learned at its first 429 from what passed)
//   and the account's concurrency; both grow back additively with each call that passes (AIMD).
// - in a shop, the desks working for one account share its limits (`share`): each limit a desk meets
//   is told to the others through the shop's database, and each desk holds the lane as long. Only the
//   desk that met a limit cuts its pace: the desk sending most meets most limits, so the desks settle
//   at fair shares (a desk cut for the limits others met starved at the least rate while the one
//   meeting them kept its share and grew); desks that met limits lately share the account's growth.
// Hand-written rather than Bottleneck (last release 2019; its shared mode needs Redis): the rules
// above are the service's own signals, and p-limit (already used) cannot pause or pace.
import type { RawResponse } from './http';
import { cutLaneRate, holdLane, laneAllowedAt, newLane, type Lane } from './pace-lane';
import { parseRetryAfter } from './retry-after';

/** Which lane a call takes. */
export type CallLane = 'read' | 'write';

/** What the window is told: until when the account's lanes are held (ms since the epoch), if at all. */
export interface PaceView {
  writesUntil: number | null;
  readsUntil: number | null;
  /** Calls per second each lane keeps to (null: none learned). */
  writeRate: number | null;
  readRate: number | null;
  concurrency: number;
}

/** Settings of a pace (tests shorten them). */
export interface PaceOptions {
  now?: () => number;
  /** Most calls of the account under way at once (default 16). */
  maxConcurrency?: number;
  /**
   * Calls under way at once at the start (default 4), growing to the most as calls pass: a service
   * whose limit is not known yet meets a few calls at once, not a burst of them.
   */
  startConcurrency?: number;
  /** First pause after a 429 without Retry-After, doubling to `maxHoldMs` (default 2 s). */
  holdMs?: number;
  /** Longest pause, a Retry-After included (default 10 minutes). */
  maxHoldMs?: number;
  /** Told when a lane is held or freed, or a rate changes. */
  onChange?: (view: PaceView) => void;
}

/** A limit another desk of the shop met on the account, as this desk hears it (issue 36.2). */
export interface SharedLimit {
  lane: CallLane;
  /** How long the lane is still held (ms; 0: not held any more). */
  holdMs: number;
  /** A new limit (counted), or a hold read again after the desk was cut off (only held). */
  fresh: boolean;
  /** The desk that met it. */
  desk: string;
}

/**
 * The shop's port of one account's pace: desks working for the account share its limits through the
 * shop's database (shop/pace). A desk offline from the database goes on alone.
 */
export interface SharedPace {
  /** Tells the other desks of a limit met here: `lane` is held for `holdMs` from now. */
  report(lane: CallLane, holdMs: number): void;
  /** Calls `listener` with each limit another desk met; returns the unsubscribe. */
  watch(listener: (limit: SharedLimit) => void): () => void;
}

/** How many limits a pace told the other desks of, and how many of theirs it heard. */
export interface SharingFigures {
  told: number;
  heard: number;
}

interface Waiter {
  lane: CallLane;
  go: (probe: boolean) => void;
}

/** Most calls of an account under way at once, unless a pace is given another (PaceOptions). */
export const DEFAULT_MAX_CONCURRENCY = 16;

// Growth per second of full use, as a share of the rate at the last limit.
const GROWTH = 0.04;
// Desks that met a limit this recently share the account's growth: together they grow as one desk.
const SHARING_MS = 60_000;

/** The pace of one account; see the top of this file. */
export class AccountPace {
  private readonly now: () => number;
  private readonly max: number;
  private readonly holdMs: number;
  private readonly maxHoldMs: number;
  private readonly lanes: Record<CallLane, Lane>;
  private window: number;
  private windowCutAt = 0;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(view: PaceView) => void>();
  private shared: SharedPace | null = null;
  private readonly figures: SharingFigures = { told: 0, heard: 0 };
  /** When each other desk last met a limit on the account. */
  private readonly others = new Map<string, number>();

  constructor(options: PaceOptions = {}) {
    this.now = options.now ?? Date.now;
    this.max = options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY;
    this.holdMs = options.holdMs ?? 2000;
    this.maxHoldMs = options.maxHoldMs ?? 10 * 60_000;
    this.window = Math.min(this.max, options.startConcurrency ?? 4);
    this.lanes = { read: newLane(), write: newLane() };
    if (options.onChange) this.listeners.add(options.onChange);
  }

  /** Calls `listener` when a lane is held or freed or a rate changes; returns the unsubscribe. */
  onChange(listener: (view: PaceView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Shares the account's limits with the other desks of a shop through `port` (one port at a time);
   * returns the undo, after which the pace goes on alone.
   */
  share(port: SharedPace): () => void {
    this.shared = port;
    const stop = port.watch((limit) => this.heardLimit(limit));
    return () => {
      stop();
      if (this.shared === port) this.shared = null;
    };
  }

  /** The limits told to the other desks and heard from them. */
  sharing(): SharingFigures {
    return { ...this.figures };
  }

  /** The account's pace now. */
  view(): PaceView {
    const at = this.now();
    const until = (lane: Lane) => (lane.heldUntil > at ? lane.heldUntil : null);
    return {
      writesUntil: until(this.lanes.write),
      readsUntil: until(this.lanes.read),
      writeRate: this.lanes.write.rate,
      readRate: this.lanes.read.rate,
      concurrency: Math.floor(this.window),
    };
  }

  /** Sends one call in `lane` when the account's pace allows it, and learns from its answer. */
  async run(lane: CallLane, send: () => Promise<RawResponse>): Promise<RawResponse> {
    const probe = await new Promise<boolean>((go) => {
      this.waiting.push({ lane, go });
      this.pump();
    });
    const sentAt = this.now();
    this.running += 1;
    try {
      const response = await send();
      this.learn(lane, response, sentAt, probe);
      return response;
    } finally {
      this.running -= 1;
      if (probe) this.lanes[lane].probeOut = false;
      this.pump();
    }
  }

  private learn(name: CallLane, response: RawResponse, sentAt: number, probe: boolean): void {
    const at = this.now();
    const lane = this.lanes[name];
    const { status } = response;
    const waitMs = parseRetryAfter(response.headers['retry-after'], at);
    // "Retry-After: 0" (or a date past): the service takes the next call at once; nothing to slow.
    if (waitMs === 0 && (status === 429 || status === 503)) return;
    if (status === 429 || (status === 503 && waitMs !== undefined)) {
      this.cutWindow(sentAt);
      const held = status === 429 ? [lane] : [this.lanes.read, this.lanes.write];
      const holds = { holdMs: this.holdMs, maxHoldMs: this.maxHoldMs };
      for (const one of held) holdLane(one, waitMs, at, holds);
      if (status === 429) cutLaneRate(lane, sentAt, at, this.shared !== null);
      this.tell(status === 429 ? [name] : ['read', 'write'], at);
      this.changed();
      return;
    }
    if (status < 200 || status >= 300) return;
    lane.passed.push(at);
    if (lane.passed.length > 64) lane.passed.splice(0, lane.passed.length - 64);
    if (probe) {
      // The probe passed: the service takes calls again.
      lane.heldUntil = 0;
      lane.probing = false;
      lane.blind = 0;
      this.changed();
    }
    const desks = this.desks(at);
    if (lane.rate !== null) lane.rate += (GROWTH * lane.ceiling) / lane.rate / desks;
    if (this.window < this.max) this.window = Math.min(this.max, this.window + 1 / this.window / desks);
  }

  /** The desks sharing the account lately, this one included. */
  private desks(at: number): number {
    for (const [desk, heardAt] of this.others) if (heardAt < at - SHARING_MS) this.others.delete(desk);
    return 1 + this.others.size;
  }

  private tell(names: CallLane[], at: number): void {
    if (!this.shared) return;
    for (const name of names) {
      this.figures.told += 1;
      this.shared.report(name, Math.max(0, this.lanes[name].heldUntil - at));
    }
  }

  /**
   * Another desk's limit: its hold is held here too, and a new one counts that desk among those
   * sharing the account's growth. It does not cut this desk's pace: the desk that met it cuts its own
   * (see the top of this file).
   */
  private heardLimit(limit: SharedLimit): void {
    const at = this.now();
    const lane = this.lanes[limit.lane];
    if (limit.holdMs > 0)
      lane.heldUntil = Math.max(lane.heldUntil, at + Math.min(limit.holdMs, this.maxHoldMs));
    if (limit.fresh) {
      this.figures.heard += 1;
      this.others.set(limit.desk, at);
      // The desk that met the limit goes first when the hold ends; this one a call's spacing later,
      // or both would meet the service at once, as it has just one call's room again.
      if (lane.rate !== null) {
        lane.tokens = Math.min(lane.tokens, 0);
        lane.filledAt = Math.max(lane.filledAt, lane.heldUntil);
      }
    }
    this.changed();
    this.pump();
  }

  private cutWindow(sentAt: number): void {
    if (sentAt < this.windowCutAt) return;
    this.windowCutAt = this.now();
    this.window = Math.max(1, this.window / 2);
  }

  /** Lets out every waiting call the pace allows now, and sets a timer for the next one. */
  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const at = this.now();
    let wake = Infinity;
    for (let i = 0; i < this.waiting.length && this.running < Math.floor(this.window);) {
      const waiter = this.waiting[i]!;
      const lane = this.lanes[waiter.lane];
      const next = laneAllowedAt(lane, at);
      if (next === 'probe' || next <= at) {
        this.waiting.splice(i, 1);
        if (next === 'probe') lane.probeOut = true;
        else if (lane.rate !== null) lane.tokens -= 1;
        // Counted now, so the loop's bound holds before the call's own code runs.
        this.running += 1;
        queueMicrotask(() => {
          this.running -= 1;
          waiter.go(next === 'probe');
        });
        continue;
      }
      wake = Math.min(wake, next);
      i += 1;
    }
    if (wake !== Infinity && this.waiting.length > 0) {
      this.timer = setTimeout(() => this.pump(), Math.max(1, wake - at));
      this.timer.unref?.();
    }
    this.expire(at);
  }

  // A hold that ran out is told to the window once.
  private expiry: NodeJS.Timeout | null = null;
  private expire(at: number): void {
    const ends = [this.lanes.read.heldUntil, this.lanes.write.heldUntil].filter((t) => t > at);
    if (this.expiry || ends.length === 0) return;
    this.expiry = setTimeout(
      () => {
        this.expiry = null;
        this.changed();
        this.pump();
      },
      Math.min(...ends) - at + 1,
    );
    this.expiry.unref?.();
  }

  private changed(): void {
    const view = this.view();
    for (const listener of this.listeners) listener(view);
  }
}

/**
 * How many calls a pace keeps going at its present stride: its calls at once, and once a limit of the
 * service taught it a write rate, no more than that many (a call's round trip is well under a second,
 * so more at once would only wait in its line). The publish engine's 'auto' drafts at once follow it.
 */
export function callsInStride(view: PaceView): number {
  const rated = view.writeRate === null ? view.concurrency : Math.ceil(view.writeRate);
  return Math.max(1, Math.min(view.concurrency, rated));
}

/** The lane of an HTTP method: GET reads, everything else writes. */
export function laneOf(method: string): CallLane {
  return method === 'GET' ? 'read' : 'write';
}
