// Accounts of a listing service added as a seller adds a real one (not the built-in Sandbox): in
// tests the service is an embedded sandbox on loopback (or addresses on loopback nobody answers),
// and the client's secret is typed with the account.
import type { AccountView, AuthScheme } from '../../src/shared/ipc/types';
import { giveImprint, type Caller } from './imprint';

/** The two addresses of a listing service: a sandbox's, or ones nobody answers. */
export interface ServiceAddresses {
  authUrl: string;
  baseUrl: string;
}

export interface RealAccount {
  name: string;
  /** The client the seller types: its id and, unless left out, its secret. */
  client: { clientId: string; clientSecret?: string };
  authScheme?: AuthScheme;
  /** Selected once saved. */
  select?: boolean;
  /** Then given an imprint: `true` the stock one, or this notice. */
  imprint?: boolean | string;
}

/** Adds an account of `service` as a real one (selected and with an imprint when asked); the account as saved. */
export async function addRealAccount(
  desk: Caller,
  service: ServiceAddresses,
  account: RealAccount,
): Promise<AccountView> {
  const saved = (await desk.call('accounts:save', {
    name: account.name,
    authUrl: service.authUrl,
    baseUrl: service.baseUrl,
    clientId: account.client.clientId,
    ...(account.client.clientSecret && { secret: account.client.clientSecret }),
    ...(account.authScheme && { authScheme: account.authScheme }),
  })) as AccountView;
  if (account.select) await desk.call('accounts:select', { id: saved.id });
  if (account.imprint === true) await giveImprint(desk, saved.id);
  else if (account.imprint) await giveImprint(desk, saved.id, account.imprint);
  return saved;
}

/** Addresses on loopback where nothing answers (port 9, discard): a service out of reach. */
export const NOWHERE: ServiceAddresses = {
  authUrl: 'http://127.0.0.1:9/oauth/token',
  baseUrl: 'http://127.0.0.1:9/api',
};

/** An account to publish with: a real one of `service` with `client`'s secret, selected, with the stock imprint. */
export function addPublishingAccount(
  desk: Caller,
  service: ServiceAddresses,
  name: string,
  client: RealAccount['client'],
): Promise<AccountView> {
  return addRealAccount(desk, service, { name, client, select: true, imprint: true });
}
