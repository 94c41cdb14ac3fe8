// Pre-signed storage URLs: HMAC-SHA256 over method, path and expiry with a per-instance key, as object
// stores do. Any change to the path or the expiry invalidates the signature.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs and checks storage URLs with one key. */
export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  /** The signature of `method path` valid until `expires` (unix seconds). */
  sign(method: string, path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${method}\n${path}\n${expires}`).digest('hex');
  }

  /** Whether `sig` is the signature of `method path expires`; constant-time comparison. */
  verify(method: string, path: string, expires: string, sig: string): boolean {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return false;
    const expected = Buffer.from(this.sign(method, path, Number(expires)), 'hex');
    return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
  }
}
