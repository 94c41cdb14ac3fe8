// Seeded randomness: fault rates must be reproducible with --seed, and a seeded default client
// secret lets a script know it in advance. Identifiers stay truly random (they must not repeat
// across restarts that reuse a seed and a data dir).
import { createHmac, randomBytes } from 'node:crypto';

/** A deterministic PRNG (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG seeded from `seed`, or from the OS when no seed is given. */
export function makeRandom(seed: number | undefined): () => number {
  return seededRandom(seed ?? randomBytes(4).readUInt32LE(0));
}

/** A client secret: derived from the seed when there is one, else random. */
export function makeSecret(seed: number | undefined, label: string): string {
  if (seed === undefined) return randomBytes(24).toString('base64url');
  return createHmac('sha256', `listing-desk-sandbox:${seed}`).update(label).digest('base64url').slice(0, 32);
}
