// What the engine needs of the accounts: a client per account and the account's default imprint.
// Imprints are created through the accounts service so that the account keeps them (the spec has no
// way to read imprints back).
import type { AccountsService } from '../accounts/accounts-service';
import type { ServiceClient } from '../service-client';

export interface PublishAccounts {
  /** The account's service client (throws when the account no longer exists). */
  client(accountId: string): ServiceClient;
  /** The account's default imprint, or null when it has none. */
  defaultImprintUuid(accountId: string): string | null;
  /** Creates an imprint that the account keeps (its first becomes the default); resolves with its uuid. */
  createImprint(accountId: string, content: string): Promise<string>;
  /** The account drafts without one are published with. */
  activeId(): string;
}

/** The engine's view of the accounts service. */
export function publishAccounts(accounts: AccountsService): PublishAccounts {
  return {
    client: (accountId) => accounts.client(accountId),
    defaultImprintUuid: (accountId) => accounts.record(accountId).defaultImprintUuid,
    async createImprint(accountId, content) {
      const view = await accounts.createImprint(accountId, content);
      const created = view.imprints.at(-1);
      if (!created) throw new Error('The new imprint is missing from the account.');
      return created.uuid;
    },
    activeId: () => accounts.activeId(),
  };
}
