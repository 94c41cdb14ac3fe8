// Which shop this desk belongs to: `<data folder>/shop/membership.json`, written at `shop join`,
// removed at `shop leave`. Without it the desk works alone on its files, exactly as before (24.8).
// The file holds the URL without its password (the password is in the keychain).
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { makeFolder, readJsonFile, writeFileAtomic } from '../../storage/atomic-file';

export const membershipSchema = z.object({
  /** postgresql:// URL without a password. */
  url: z.string(),
  shopId: z.string(),
  deskId: z.string(),
  deskName: z.string(),
  joinedAt: z.string(),
});
export type ShopMembership = z.infer<typeof membershipSchema>;

/** The desk's shop folder: membership, outbox, bases, feed cursor. */
export const shopFolder = (dataDir: string) => path.join(dataDir, 'shop');
const membershipFile = (dataDir: string) => path.join(shopFolder(dataDir), 'membership.json');

/**
 * The membership, or undefined on a lone desk. A file that does not parse is moved aside (the
 * caller shows `movedAside` to the seller: the desk then works alone until it joins again).
 */
export async function readMembership(
  dataDir: string,
): Promise<{ membership?: ShopMembership; movedAside?: string }> {
  const read = await readJsonFile(membershipFile(dataDir), (value) => membershipSchema.parse(value));
  if (read.state === 'ok') return { membership: read.value };
  if (read.state === 'unreadable') return { movedAside: read.movedAside };
  return {};
}

export async function writeMembership(dataDir: string, membership: ShopMembership): Promise<void> {
  await makeFolder(shopFolder(dataDir));
  await writeFileAtomic(
    membershipFile(dataDir),
    `${JSON.stringify(membershipSchema.parse(membership), null, 2)}\n`,
  );
}

export async function removeMembership(dataDir: string): Promise<void> {
  await rm(membershipFile(dataDir), { force: true });
}
