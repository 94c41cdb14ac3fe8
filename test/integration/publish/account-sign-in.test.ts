// An account that cannot sign in does not publish: its jobs wait with the reason in the seller's
// terms (a token address without its /v2, a refused secret), nothing is created on the service
// meanwhile, and they start by themselves once the account is fixed (or on Retry). Real accounts
// service, real engine, real sandbox on loopback.
import { describe, expect, it, vi } from 'vitest';
import { createAccountsService } from '../../../src/main/accounts/accounts-service';
import { publishAccounts } from '../../../src/main/publish/context/accounts-port';
import type { PublishEngine } from '../../../src/main/publish/engine';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { SANDBOX_ACCOUNT_ID, openAccountsStore } from '../../../src/main/storage/accounts-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import { allPublished, clientOf, requests, useScenes, type Scene } from './helpers';

const scenes = useScenes();
const WAIT = { timeout: 10_000, interval: 20 };

/** An accounts service with one account "Shop" on the scene's sandbox, its addresses as given. */
async function shopAccount(scene: Scene, authUrl: string, secret: string) {
  const { sb, d } = scene;
  const secrets = createSessionSecretStore('tests');
  await secrets.set(SANDBOX_ACCOUNT_ID, 'unused');
  const accounts = await createAccountsService({
    store: openAccountsStore(confStoreFactory, d.dataDir),
    secrets,
    sandbox: { authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'unused' },
    onChange: () => undefined,
  });
  const shop = await accounts.save({
    name: 'Shop',
    authUrl,
    baseUrl: sb.baseUrl,
    clientId: sb.clients[0]!.clientId,
    secret,
    authScheme: 'auto',
  });
  return { accounts, id: shop.id };
}

/** Two drafts of the account, with an imprint of their own (made on the service beforehand). */
async function draftsOf(scene: Scene, accountId: string) {
  const { uuid } = await clientOf(scene.sb).createImprint('Muster GmbH, Musterstraße 1, 10115 Berlin');
  const made = await scene.d.makeDrafts(2, 1);
  for (const draft of made)
    await scene.d.drafts.update(draft.id, (current) => ({
      ...current,
      accountId,
      publication: { ...current.publication, imprintUuid: uuid },
    }));
  return made.map((draft) => draft.id);
}

/** Waits until every job waits because the account cannot sign in, for `reason`. */
async function heldFor(engine: PublishEngine, reason: string) {
  await vi.waitFor(() => {
    const jobs = engine.list();
    expect(jobs.map((job) => [job.state, job.error?.problem, job.error?.params?.reason])).toEqual(
      jobs.map(() => ['waiting', 'account-cannot-sign-in', reason]),
    );
  }, WAIT);
  return engine.list();
}

describe('an account that cannot sign in', () => {
  it('keeps the jobs of an account whose token address lacks /v2 waiting, then publishes once it is fixed', async () => {
    const scene = await scenes.open();
    const { sb } = scene;
    const wrong = sb.authUrl.replace(/\/v2$/, '');
    expect(wrong).not.toBe(sb.authUrl);
    const { accounts, id } = await shopAccount(scene, wrong, sb.clients[0]!.clientSecret);
    const draftIds = await draftsOf(scene, id);
    const engine = await scene.openEngine(publishAccounts(accounts));
    await engine.start(draftIds);

    const held = await heldFor(engine, 'token-address');
    // Said as the account's fault, with what to do, never as an ad the service lost.
    expect(held[0]!.error!.remedy).toBe('check-account');
    expect(held[0]!.error!.detail).toContain('token address is wrong');
    expect(held[0]!.error!.detail).not.toMatch(/deleted/i);
    expect(held[0]!.error!.status).toBe(404);
    // The drafts are not failed, and nothing was created on the service.
    for (const draftId of draftIds) expect((await scene.d.drafts.get(draftId)).status).toBe('publishing');
    expect(requests(sb, 'POST /v1/listings')).toEqual({});
    expect(requests(sb, 'POST /v1/media')).toEqual({});
    // One check for the account, remembered: both jobs waited on it.
    // The wrong address was asked once for the account, not once per job.
    expect(requests(sb, 'POST (unknown route)')).toEqual({ '404': 1 });
    expect(accounts.record(id).signIn).toMatchObject({ ok: false, reason: 'token-address' });

    // The seller corrects the address: the jobs start by themselves and publish.
    await accounts.save({ id, name: 'Shop', authUrl: sb.authUrl });
    const jobs = await allPublished(engine);
    expect(jobs).toHaveLength(2);
    expect(requests(sb, 'POST /v1/listings')).toEqual({ '200': 2 });
    expect(accounts.record(id).signIn).toMatchObject({ ok: true });
  });

  it('names a refused secret, waits without asking again, and runs on Retry once the secret is right', async () => {
    const scene = await scenes.open();
    const { sb } = scene;
    const { accounts, id } = await shopAccount(scene, sb.authUrl, 'not-the-secret');
    const draftIds = await draftsOf(scene, id);
    const engine = await scene.openEngine(publishAccounts(accounts));
    await engine.start(draftIds.slice(0, 1));
    const [job] = await heldFor(engine, 'secret-refused');
    // Refused sign-ins (the token service answers 400 invalid_client): one check, not one per try.
    const refused = () => requests(sb, 'POST /oidc/token')['400'] ?? 0;
    expect(refused()).toBe(1);
    expect(requests(sb, 'POST /v1/listings')).toEqual({});

    // The secret is typed anew: the job starts by itself.
    await accounts.setSecret(id, sb.clients[0]!.clientSecret);
    await allPublished(engine);
    expect(refused()).toBe(1);

    // A wrong secret again: the next job waits; Retry checks again (and waits again, said so).
    await accounts.setSecret(id, 'wrong-again');
    await engine.start(draftIds.slice(1));
    await vi.waitFor(() => {
      const second = engine.list().find((view) => view.id !== job!.id)!;
      expect([second.state, second.error?.params?.reason]).toEqual(['waiting', 'secret-refused']);
    }, WAIT);
    const second = engine.list().find((view) => view.id !== job!.id)!;
    expect(refused()).toBe(2);
    expect(await engine.retry(second.id)).toBe(true);
    await vi.waitFor(() => {
      expect(refused()).toBe(3);
      expect(engine.get(second.id)!.state).toBe('waiting');
    }, WAIT);
    expect(requests(sb, 'POST /v1/listings')).toEqual({ '200': 1 });
  });
});
