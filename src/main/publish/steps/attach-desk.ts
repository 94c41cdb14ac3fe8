// The attaches of one job: several at once, each photo told its media URL from the answers (see
// reconcile/attach-resolver.ts). A photo whose answer was lost becomes "unsure"; while any is unsure, new
// attaches wait, so that the listing read that settles it holds no URL of a later attach. Once no
// attach is under way and something is left open, the listing is read and everything settled.
import { ServiceError } from '../../service-client';
import { attributeAnswers, settleAttachments, note, windowEnd } from '../reconcile';
import { checkStopped, repeatOrThrow, waitToRepeat, type JobContext } from '../context';
import type { JobPhoto } from '../jobs';
import { readListing, removeMedia } from './listing-step';
import { abortError, pause } from '../pacing';

/**
 * How one photo's attach ended: it shows on the listing, it needs a new ticket and upload, or the
 * service refused it as too large (413: nothing was attached).
 */
export type AttachOutcome = 'attached' | 'redo' | 'too-large';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A waiter may be settled before anyone awaits it; that must not count as unhandled.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Coordinates the attaches of one job to listing `listingUuid`. */
export class AttachDesk {
  private readonly known = new Map<string, string>();
  private readonly answered = new Map<string, string[]>();
  private readonly maybe = new Set<string>();
  private readonly unsure = new Set<string>();
  private readonly outcomes = new Map<string, Deferred<AttachOutcome>>();
  private inFlight = 0;
  private gate: Deferred<void> | null = null;
  private settling = false;

  /**
   * `unsure`: photos that may have been attached by a call whose answer was lost (with a stopped
   * or crashed process); each is first asked about with its own ticket, before any other attach.
   */
  constructor(
    private readonly ctx: JobContext,
    private readonly listingUuid: string,
    unsure: readonly string[],
  ) {
    for (const photo of ctx.record.photos) {
      if (photo.url !== null) this.known.set(photo.photoId, photo.url);
    }
    for (const photoId of unsure) this.unsure.add(photoId);
  }

  /** Attaches an uploaded photo; resolves once its URL is known for sure, or it must be redone. */
  async attach(photo: JobPhoto): Promise<AttachOutcome> {
    const { ctx } = this;
    // A fresh waiter: one left from an earlier round of this photo holds that round's outcome.
    this.outcomes.set(photo.photoId, deferred());
    for (let attempt = 0; ; attempt += 1) {
      checkStopped(ctx);
      const unsure = this.unsure.has(photo.photoId);
      // Unsure photos go through: they are what the others wait for.
      if (!unsure) await this.gateOpen();
      const ticket = photo.ticket;
      if (ticket === null) return 'redo';
      // A sure photo whose ticket ran out cannot be attached; one unsure photo is still asked.
      if (!unsure && ticket.expireAt <= ctx.now().getTime()) return 'redo';
      const outcome = this.outcome(photo.photoId);
      // When this call asks about an earlier one with the same ticket, the earlier one's send time.
      const earlier = unsure ? (photo.attachRequestedAt ?? null) : null;
      this.inFlight += 1;
      let urls: string[] | undefined;
      let failure: unknown;
      try {
        // On disk before it leaves: an unsure photo is settled only after its window
        // (reconcile/reconcile.ts).
        photo.attachRequestedAt = ctx.now().getTime();
        await ctx.save();
        urls = (await ctx.client.attachMedia(this.listingUuid, ticket.uuid)).urls;
      } catch (error) {
        failure = error;
      } finally {
        this.inFlight -= 1;
      }
      if (urls !== undefined) {
        this.unsure.delete(photo.photoId);
        this.answered.set(photo.photoId, urls);
        this.attribute();
        this.kick();
        return this.await(outcome.promise);
      }
      if (failure instanceof ServiceError && failure.problem === 'not-found') {
        if (!unsure) {
          this.outcomes.delete(photo.photoId);
          this.kick();
          await this.checkListing();
          return 'redo';
        }
        // Attached by the call whose answer was lost, or the ticket expired: the listing will tell.
        // This call took no effect, so the window is the earlier call's: renewed by every asking
        // run, it would never close on leases shorter than it (each run stopping while it waits).
        if (earlier !== null) {
          photo.attachRequestedAt = earlier;
          await ctx.save();
        }
        this.unsure.delete(photo.photoId);
        this.maybe.add(photo.photoId);
        this.kick();
        return this.await(outcome.promise);
      }
      if (failure instanceof ServiceError && failure.problem === 'too-large') {
        // Refused before anything was attached: a smaller copy goes with a new ticket (photos-step.ts).
        this.outcomes.delete(photo.photoId);
        this.unsure.delete(photo.photoId);
        this.kick();
        return 'too-large';
      }
      let verdict;
      try {
        verdict = repeatOrThrow(ctx, failure);
      } catch (error) {
        this.outcomes.delete(photo.photoId);
        this.unsure.delete(photo.photoId);
        this.kick();
        throw error;
      }
      if (verdict.effect === 'unknown') this.unsure.add(photo.photoId);
      this.kick();
      await waitToRepeat(ctx, verdict, attempt);
    }
  }

  private outcome(photoId: string): Deferred<AttachOutcome> {
    let entry = this.outcomes.get(photoId);
    if (!entry) this.outcomes.set(photoId, (entry = deferred()));
    return entry;
  }

  private resolve(photoId: string, outcome: AttachOutcome): void {
    this.outcomes.get(photoId)?.resolve(outcome);
    this.outcomes.delete(photoId);
  }

  private async gateOpen(): Promise<void> {
    while (this.gate !== null || this.unsure.size > 0) {
      this.gate ??= deferred();
      await this.await(this.gate.promise);
    }
  }

  // Waits for `promise`, but no longer than the job runs: a stopped job must not hang on a photo
  // whose URL would have come from the answer of another photo.
  private await<T>(promise: Promise<T>): Promise<T> {
    const { signal } = this.ctx;
    if (signal.aborted) return Promise.reject(abortError());
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(abortError());
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private openGate(): void {
    if (this.settling || this.unsure.size > 0) return;
    const gate = this.gate;
    this.gate = null;
    gate?.resolve();
  }

  // Matches answers with URLs as far as the answers alone allow.
  private attribute(): void {
    const found = attributeAnswers({ known: this.known, answered: this.answered, maybe: this.maybe });
    if (found.size === 0) return;
    for (const [photoId, url] of found) this.record(photoId, url);
    // Written with the next save (another attach's, the publication's before it is sent, or the
    // engine's at a stop), not ahead of the order: after a crash before it, these photos are on disk
    // uploaded with their ticket and no URL, and are asked about with that ticket, never attached anew.
    this.ctx.announce?.();
    for (const photoId of found.keys()) this.resolve(photoId, 'attached');
  }

  private record(photoId: string, url: string): void {
    this.known.set(photoId, url);
    this.answered.delete(photoId);
    this.maybe.delete(photoId);
    const photo = this.ctx.record.photos.find((p) => p.photoId === photoId);
    if (photo) photo.url = url;
  }

  // Settles the open photos once nothing is under way that could still tell more.
  private kick(): void {
    if (this.settling || this.inFlight > 0 || this.unsure.size > 0) {
      this.openGate();
      return;
    }
    if (this.maybe.size === 0 && this.answered.size === 0) {
      this.openGate();
      return;
    }
    this.settling = true;
    this.gate ??= deferred();
    void this.settle()
      .catch((error: unknown) => {
        for (const photoId of [...this.answered.keys(), ...this.maybe]) {
          this.outcomes.get(photoId)?.reject(error);
          this.outcomes.delete(photoId);
        }
        this.answered.clear();
        this.maybe.clear();
      })
      .finally(() => {
        this.settling = false;
        this.openGate();
      });
  }

  private async settle(): Promise<void> {
    const { ctx } = this;
    const open = [...this.answered.keys(), ...this.maybe];
    let result;
    for (;;) {
      const listing = await readListing(ctx, this.listingUuid);
      result = settleAttachments(
        { known: this.known, answered: this.answered, maybe: this.maybe },
        listing.urls,
      );
      // A photo not seen on the listing may still be on its way there while its attach can be in
      // the service's hands: it is redone only after that window (reconcile/reconcile.ts).
      const left = this.windowLeft(result.redo.filter((photoId) => open.includes(photoId)));
      if (left <= 0) break;
      note(
        ctx,
        `attach: ${result.redo.length} photo(s) not on the listing yet; ${left} ms of the window left`,
      );
      await pause(Math.min(left, Math.max(ctx.backoff.baseMs, Math.ceil(left / 4))), ctx.signal);
    }
    if (result.redo.length > 0)
      note(ctx, `attach: ${result.redo.length} photo(s) not on the listing; attaching anew`);
    for (const url of result.remove) await removeMedia(ctx, this.listingUuid, url);
    for (const [photoId, url] of result.attributed) this.record(photoId, url);
    for (const photoId of result.redo) {
      this.known.delete(photoId);
      this.answered.delete(photoId);
      this.maybe.delete(photoId);
      const photo = ctx.record.photos.find((p) => p.photoId === photoId);
      if (photo) Object.assign(photo, { url: null, ticket: null, uploaded: false });
    }
    await ctx.save();
    for (const photoId of open) {
      this.resolve(photoId, result.attributed.has(photoId) ? 'attached' : 'redo');
    }
  }

  // Time left until the window of the last attach of any of `photoIds` has passed.
  private windowLeft(photoIds: readonly string[]): number {
    const { ctx } = this;
    const sent = ctx.record.photos
      .filter((photo) => photoIds.includes(photo.photoId))
      .map((photo) => photo.attachRequestedAt ?? 0);
    if (sent.length === 0) return 0;
    return windowEnd(ctx, Math.max(...sent)) - ctx.now().getTime();
  }

  // A 404 on a fresh ticket can also mean the listing is gone; then no new ticket would help.
  private async checkListing(): Promise<void> {
    await readListing(this.ctx, this.listingUuid);
  }
}
