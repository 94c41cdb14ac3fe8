// A shop's feed address often carries its access key (issue 35.4): Shopware's
// `/export/<key>/<file>` and `/store-api/product-export/<key>/<file>`, or a query parameter named
// key, token, hash, secret or password. The key is a password in all but name: it is split off the
// address, kept in the keychain, and the address is stored, shown and logged with a mask in its place.
import { ACCESS_KEY_MASK } from '../../shared/domain/feeds';

/** The keychain entry holding the access key of feed `feedId`. */
export function feedAccessKeyName(feedId: string): string {
  return `feed-key:${feedId}`;
}

// The mask as a URL serializer writes it (in a path or a query).
const ENCODED_MASK = encodeURIComponent(ACCESS_KEY_MASK);
const KEY_PARAMETERS = new Set(['key', 'token', 'hash', 'secret', 'password']);
// A path segment after which come exactly the key and the file's name.
const KEY_BEFORE = new Set(['export', 'product-export']);

const isMask = (part: string) => part === ACCESS_KEY_MASK || part === ENCODED_MASK;

export interface SplitUrl {
  /** The address with ACCESS_KEY_MASK where each key was (and never a user or password). */
  url: string;
  /** The key(s) as written in the address, several separated by a space; absent: none found. */
  key?: string;
}

/** Splits the access key(s) off `raw`; an address that does not parse is given back as it is. */
export function splitAccessKey(raw: string): SplitUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: raw };
  }
  const keys: string[] = [];
  const segments = url.pathname.split('/');
  const at = segments.length - 3;
  if (at >= 0 && KEY_BEFORE.has(segments[at]!.toLowerCase())) {
    const key = segments[at + 1]!;
    if (key !== '' && !isMask(key) && segments[at + 2] !== '') {
      keys.push(key);
      segments[at + 1] = ACCESS_KEY_MASK;
    }
  }
  const query = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      let plainName = name;
      try {
        plainName = decodeURIComponent(name);
      } catch {
        // A broken escape is a name no key goes by.
      }
      if (!KEY_PARAMETERS.has(plainName.toLowerCase()) || value === '' || isMask(value)) return pair;
      keys.push(value);
      return `${name}=${ACCESS_KEY_MASK}`;
    });
  const search = query.length > 0 ? `?${query.join('&')}` : '';
  const masked = `${url.protocol}//${url.host}${segments.join('/')}${search}${url.hash}`;
  return keys.length > 0 ? { url: masked, key: keys.join(' ') } : { url: masked };
}

/** The address with the key(s) back where the masks stand (in order); only ever handed to the download. */
export function withAccessKey(masked: string, key: string): string {
  const keys = key.split(' ');
  let index = 0;
  return masked.replace(new RegExp(`${ACCESS_KEY_MASK}|${ENCODED_MASK}`, 'gi'), (mask) =>
    index < keys.length ? keys[index++]! : mask,
  );
}

/** Whether the address holds a mask where a key was. */
export function hasAccessKeyMask(url: string): boolean {
  return url.includes(ACCESS_KEY_MASK) || url.toUpperCase().includes(ENCODED_MASK);
}
