// The quirk `lateFinish`: a listing create and/or a publication create is finished late, as a slow
// server behind a load balancer would: the request is held after its body was read, the client
// gives up meanwhile (its timeout), and the listing or publication is made all the same once the
// delay is over. The first `times` creates of each kind are late (all of them without `times`);
// the count starts again whenever the quirks change. The hook that holds them: late-finish-hook.ts.

/** How late creates finish; 0 ms: on time. */
export interface LateFinish {
  /** `POST /v1/listings` finishes this many ms late. */
  listingMs: number;
  /** `POST /v1/listings/{uuid}/publications` finishes this many ms late. */
  publicationMs: number;
  /** Only the first so many creates of each kind are late; null: every one. */
  times: number | null;
}

/** No create is late. */
export const ON_TIME: Readonly<LateFinish> = Object.freeze({ listingMs: 0, publicationMs: 0, times: null });

/** Returns `value` when the sandbox can honour it; throws otherwise. */
export function checkLateFinish(value: LateFinish): LateFinish {
  const ms = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  const times = value.times;
  if (
    !ms(value.listingMs) ||
    !ms(value.publicationMs) ||
    !(times === null || (Number.isInteger(times) && times > 0))
  )
    throw new Error(`bad lateFinish ${JSON.stringify(value)}`);
  return { listingMs: value.listingMs, publicationMs: value.publicationMs, times };
}

/** Parses the flag's `listing=MS,publication=MS[,times=N]` (either kind may be left out). */
export function parseLateFinish(text: string): LateFinish {
  const out: LateFinish = { ...ON_TIME };
  for (const part of text.split(',').filter(Boolean)) {
    const [name = '', value = ''] = part.split('=');
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new Error(`--late-finish: bad '${part}'`);
    if (name === 'listing') out.listingMs = n;
    else if (name === 'publication') out.publicationMs = n;
    else if (name === 'times') out.times = n;
    else throw new Error(`--late-finish: unknown '${name}' (listing, publication, times)`);
  }
  return checkLateFinish(out);
}
