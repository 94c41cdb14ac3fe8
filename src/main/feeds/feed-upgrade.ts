// Feeds written before issue 35.4, brought up to date once as the feed store loads them:
// - an access key in the address moves to the keychain and the address keeps a mask in its place;
// - an address on a private, loopback or link-local network, which worked until now, gets the
//   allowance such addresses need from now on (every other address is set to not allow them, so
//   the question is settled once). Each change is noted in the log.
import { BlockList, isIP } from 'node:net';
import type { Feed } from '../../shared/domain/feeds';
import type { SecretStore } from '../secrets/secret-store';
import { feedAccessKeyName, splitAccessKey } from './access-key';

export interface FeedUpgradeDeps {
  secrets: Pick<SecretStore, 'set'>;
  /** A note for the log (the address in it masked). */
  note(text: string): void;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether the address names a host on a private, loopback or link-local network by itself. */
export function isPrivateHost(raw: string): boolean {
  let host: string;
  try {
    host = new URL(raw).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The feed brought up to date (the same object when nothing changed). */
export async function upgradeFeed(feed: Feed, deps: FeedUpgradeDeps): Promise<Feed> {
  if (feed.source.kind !== 'url') return feed;
  let upgraded = feed;
  const source = feed.source;
  if (source.accessKey !== true) {
    const split = splitAccessKey(source.url);
    if (split.key !== undefined) {
      await deps.secrets.set(feedAccessKeyName(feed.id), split.key);
      upgraded = { ...upgraded, source: { ...source, url: split.url, accessKey: true } };
      deps.note(
        `Feed ${feed.name} (${feed.id}): the access key in its address was moved to the keychain; the address is now ${split.url}`,
      );
    }
  }
  if (feed.allowPrivateAddresses === undefined) {
    const allow = isPrivateHost(source.url);
    upgraded = { ...upgraded, allowPrivateAddresses: allow };
    if (allow)
      deps.note(
        `Feed ${feed.name} (${feed.id}): its address is on a private or local network, so the feed now allows private addresses (as it worked until now)`,
      );
  }
  return upgraded;
}
