// A file's bytes as base64 for the web shell's socket. In slices: spreading a whole photo into
// String.fromCharCode would overflow the stack, and a slice of 3n bytes encodes without padding,
// so the slices' base64 can simply be joined.
const SLICE = 3 * 8192;

/** The base64 text of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += SLICE) {
    const slice = bytes.subarray(start, start + SLICE);
    parts.push(btoa(String.fromCharCode(...slice)));
  }
  return parts.join('');
}
