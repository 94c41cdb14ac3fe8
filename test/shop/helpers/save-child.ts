// A desk in a process of its own that saves a draft, for the test that kills it with SIGKILL (outbox-kill.test.ts):
//   node --import tsx save-child.ts <data folder> <password> <title>
// It opens the desk (already joined: membership.json is there), saves a new draft titled <title>,
// prints the draft's id once the save is acknowledged, and waits to be killed.
import { createApp } from '../../../src/main/app';
import { silentLog } from '../../../src/main/log/log';
import { readMembership } from '../../../src/main/shop/connection/membership';
import { shopPasswordKey } from '../../../src/main/shop/connection/shop-db';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { Envelope } from '../../../src/shared/ipc/envelope';

const [dataDir, password, title] = process.argv.slice(2) as [string, string, string];
const { membership } = await readMembership(dataDir);
const secrets = createSessionSecretStore('no keychain in this child');
await secrets.set(shopPasswordKey(membership!.deskId), password);
const app = await createApp(
  { shell: 'web', dataDir, version: '9.8.7', systemLocale: 'en-US' },
  { storeFactory: confStoreFactory, secretStore: secrets, log: silentLog },
);
const call = async <T>(channel: string, input?: unknown): Promise<T> => {
  const result = (await app.router.call(channel, input)) as Envelope<T>;
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const draft = await call<Draft>('drafts:create');
await call('drafts:save', { draft: { ...draftFieldsOf(draft), title } });
process.stdout.write(`${draft.id}\n`);
setInterval(() => undefined, 60_000);
